import type { SharedPlanResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /plans/shared/{token}: public; 404 unknown, 410 expired or revoked (no retry: the answer stands). */
export function useSharedPlan(token: string) {
  return useQuery({
    queryKey: ['shared-plan', token],
    queryFn: ({ signal }) =>
      apiRequest<SharedPlanResponse>(`/plans/shared/${encodeURIComponent(token)}`, {
        signal,
        redirectOn401: false,
      }),
    retry: false,
    staleTime: 60_000,
  });
}
