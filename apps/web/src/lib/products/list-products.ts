import type { ProductListResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Query pairs of GET /product/ (docs/product-rules.md section 4): filters comma-separated, `search`, paging. */
export type ProductListQuery = Record<string, string | number | undefined>;

export function fetchProducts(query: ProductListQuery, signal?: AbortSignal): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>('/product/', { query, signal });
}

/**
 * One page of the catalogue; the previous page stays on screen while the next one loads. `rendered` is the
 * answer the server rendered the page with, if it is this page's (the first render is then the server's).
 */
export function useProductPage(query: ProductListQuery, enabled = true, rendered?: ProductListResponse) {
  return useQuery({
    enabled,
    initialData: rendered,
    queryKey: ['products', 'page', query],
    queryFn: ({ signal }) => fetchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}
