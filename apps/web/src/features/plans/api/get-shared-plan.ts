import type { SharedPlanResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /plans/shared/{token}: public; 404 unknown, 410 expired or revoked (no retry: the answer stands).
 * `rendered`: the plan the server rendered the page with (routes/shared-plan.tsx).
 */
export function useSharedPlan(token: string, rendered?: SharedPlanResponse) {
  return useQuery({
    initialData: rendered,
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
