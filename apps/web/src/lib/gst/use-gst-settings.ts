import { computeGst, type GstBreakdown, type GstSettingsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The marketplace's GST state (COMPANY_STATE): read once; until it arrives totals are a neutral estimate. */
export function useGstSettings() {
  return useQuery({
    queryKey: ['gst-settings'],
    queryFn: () => apiRequest<GstSettingsResponse>('/quotes/gst-settings'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * The GST of `subtotalPaise` for a buyer billed in `billingState`, by the same shared rule as the API:
 * CGST + SGST in the marketplace's state, IGST elsewhere, a neutral GST 18 % estimate while either
 * state is unknown.
 */
export function useGst(subtotalPaise: number, billingState: string | null | undefined): GstBreakdown {
  const settings = useGstSettings();
  const companyState = settings.data?.company_state;
  if (!companyState) return computeGst(subtotalPaise, null, '');
  return computeGst(subtotalPaise, billingState, companyState);
}
