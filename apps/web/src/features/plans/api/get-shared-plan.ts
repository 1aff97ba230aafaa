import type { SharedPlanResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query';

/**
 * GET /plans/shared/{token}: public; 404 unknown, 410 expired or revoked (no retry: the answer stands). The
 * route's loader puts a plan that is there in the HTML (routes/shared-plan.tsx).
 */
export const sharedPlanQuery = (token: string) =>
  apiQueryOptions<SharedPlanResponse>(['shared-plan', token], {
    path: `/plans/shared/${encodeURIComponent(token)}`,
    redirectOn401: false,
  });

export function useSharedPlan(token: string) {
  return useQuery({ ...sharedPlanQuery(token), retry: false, staleTime: 60_000 });
}
