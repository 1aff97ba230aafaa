import type { SessionListResponse, SessionsEndedResponse } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiQueryOptions } from '../../../lib/api-query';

const sessionsKey = ['auth', 'sessions'] as const;

/**
 * GET /api/auth/sessions: where this account is signed in, this browser marked `current`; for the profile's
 * loader (lib/loader-queries.ts, with the session) and the list's hook alike.
 */
export const sessionsQuery = () =>
  apiQueryOptions<SessionListResponse>(sessionsKey, { path: '/auth/sessions' });

export function useSessionsQuery(enabled: boolean) {
  return useQuery({ ...sessionsQuery(), enabled });
}

/** DELETE /api/auth/sessions/{id} (one) or /api/auth/sessions (everywhere, this browser included). */
export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiRequest<SessionsEndedResponse>(id === 'all' ? '/auth/sessions' : `/auth/sessions/${id}`, {
        method: 'DELETE',
        // Ending sessions is no reason to sign in again on the spot.
        signInAgain: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
