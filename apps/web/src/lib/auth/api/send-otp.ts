import type { OtpSendBody, OtpSendResponse } from '@ooh/shared';
import { apiRequest } from '../../api-client';

/** POST /api/auth/otp/send: the API adds +91 and texts a 6-digit code. */
export function sendOtp(body: OtpSendBody): Promise<OtpSendResponse> {
  return apiRequest<OtpSendResponse>('/auth/otp/send', {
    method: 'POST',
    body,
    redirectOn401: false,
    signInAgain: false,
  });
}
