import type { UserListResponse } from '@ooh/shared';
import { apiRequest } from '../../api-client';

/** GET /api/auth/user/ by the session cookie: who is signed in (a new tab asks once). */
export function fetchCurrentUser(): Promise<UserListResponse> {
  return apiRequest<UserListResponse>('/auth/user/', { redirectOn401: false });
}
