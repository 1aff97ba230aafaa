import type { LoginWithPhoneResponse } from '@ooh/shared';
import { apiRequest } from '../../api-client';

/** POST /api/auth/login_with_phone/ (the session cookie): registers the user the first time, else fetches them. */
export function loginWithPhone(phoneNumber: string): Promise<LoginWithPhoneResponse> {
  return apiRequest<LoginWithPhoneResponse>('/auth/login_with_phone/', {
    method: 'POST',
    body: { phone_number: phoneNumber },
    // A failure here is a sign-in failure the form shows, not a reason to leave the page.
    redirectOn401: false,
    signInAgain: false,
  });
}
