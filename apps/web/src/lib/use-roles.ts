import type { Roles, RolesResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Keyed by phone number so another account never sees a cached copy. */
export const rolesQueryKey = (phoneNumber: string | undefined) => ['me', 'roles', phoneNumber ?? ''] as const;

/** GET /api/me/roles. A 401 is left to the caller (the header menu just shows fewer entries). */
export async function fetchRoles(): Promise<Roles> {
  return (await apiRequest<RolesResponse>('/me/roles', { redirectOn401: false })).data;
}

/**
 * The signed-in user's roles. Only the user menu (once opened) and the rooms call it, so a buyer's first
 * page never waits for it nor loads this code.
 */
export function useRolesQuery(
  phoneNumber: string | undefined,
  enabled = true,
  options: { pollWhilePending?: boolean; rendered?: Roles } = {},
) {
  return useQuery({
    queryKey: rolesQueryKey(phoneNumber),
    queryFn: fetchRoles,
    // The roles the server rendered the page with (routes/partner.tsx).
    initialData: options.rendered,
    enabled: enabled && Boolean(phoneNumber),
    staleTime: 30_000,
    // The applicant's status page follows the operator's decision without a reload.
    refetchInterval: (query) =>
      options.pollWhilePending && query.state.data?.media_owner?.status === 'pending' ? 60_000 : false,
  });
}
