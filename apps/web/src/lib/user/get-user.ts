import type { User, UserListResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const userQueryKey = (phoneNumber: string | undefined) => ['auth', 'user', phoneNumber ?? ''] as const;

/** GET /api/auth/user/: the signed-in user is the first item of data (docs/product-spec.md section 3). */
export async function fetchUser(): Promise<User> {
  const response = await apiRequest<UserListResponse>('/auth/user/', { redirectOn401: false });
  const user = response.data[0];
  if (!user) throw new Error('The user was not in the answer.');
  return user;
}

/**
 * The signed-in user, keyed by phone number so another account never sees a cached copy. A 401 is left to
 * the caller: the profile page sends it to /verify-mobile?redirect=/profile (docs/product-spec.md section 8).
 */
export function useUserQuery(phoneNumber: string | undefined, enabled = true, rendered?: User) {
  return useQuery({
    queryKey: userQueryKey(phoneNumber),
    queryFn: fetchUser,
    // The user the server rendered the profile with (routes/profile.tsx); asked again once the phone is known.
    initialData: rendered,
    enabled: enabled && Boolean(phoneNumber),
  });
}
