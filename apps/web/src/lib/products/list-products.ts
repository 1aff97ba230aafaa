import type { ProductListResponse } from '@ooh/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { useBackgroundQuery } from '../use-background-query';

/** Query pairs of GET /product/ (DESIGN.md section 4): filters comma-separated, `search`, paging. */
export type ProductListQuery = Record<string, string | number | undefined>;

export function fetchProducts(query: ProductListQuery, signal?: AbortSignal): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>('/product/', { query, signal });
}

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useProductPage(query: ProductListQuery, enabled = true) {
  return useBackgroundQuery({
    enabled,
    queryKey: ['products', 'page', query],
    queryFn: ({ signal }) => fetchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}
