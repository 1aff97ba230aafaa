import type { PricingRule, PricingRuleBody, PricingRuleList } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { apiQueryOptions } from '../../../../lib/api-query';

const KEY = ['partner', 'pricing-rules'] as const;

/** GET /api/partner/pricing-rules: the owner's seasonal rules and volume discounts (admins, managers). */
export const pricingRulesQuery = () =>
  apiQueryOptions<PricingRuleList>(KEY, { path: '/partner/pricing-rules' });

export function usePricingRules(enabled: boolean) {
  return useQuery({ ...pricingRulesQuery(), enabled });
}

/** POST /api/partner/pricing-rules. */
export function useCreatePricingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingRuleBody) =>
      apiRequest<PricingRule>('/partner/pricing-rules', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /api/partner/pricing-rules/{id}: orders already placed keep their prices. */
export function useDeletePricingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/partner/pricing-rules/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
