import type { OtpVerifyBody, OtpVerifyResponse } from '@ooh/shared';
import { apiRequest } from '../../api-client';

/** POST /api/auth/otp/verify: answers a 1-hour session token. */
export function verifyOtp(body: OtpVerifyBody): Promise<OtpVerifyResponse> {
  return apiRequest<OtpVerifyResponse>('/auth/otp/verify', {
    method: 'POST',
    body,
    redirectOn401: false,
    signInAgain: false,
  });
}
