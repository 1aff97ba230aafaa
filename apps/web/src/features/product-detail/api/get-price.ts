import type { PriceBreakdown } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /product/{id}/price: the site's price for `[from, to)` line by line, by the rules booking charges. */
export function fetchPrice(productId: number, from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from_date: from, to_date: to });
  return apiRequest<PriceBreakdown>(`/product/${productId}/price?${query}`, { signal });
}

/** Runs once both dates are chosen; the last answer stays on screen while the next range is priced. */
export function usePrice(productId: number, from: string | null | undefined, to: string | null | undefined) {
  return useQuery({
    queryKey: ['product-price', productId, from, to],
    queryFn: ({ signal }) => fetchPrice(productId, from ?? '', to ?? '', signal),
    enabled: Boolean(from && to),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
