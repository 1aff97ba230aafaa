import type { ProductListResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { apiQueryOptions } from '../api-query';

/** Query pairs of GET /product/ (docs/product-rules.md section 4): filters comma-separated, `search`, paging. */
export type ProductListQuery = Record<string, string | number | undefined>;

export function fetchProducts(query: ProductListQuery, signal?: AbortSignal): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>('/product/', { query, signal });
}

/** One page of the catalogue, for a route's loader (lib/loader-queries.ts) and the page's hook alike. */
export const productPageQuery = (query: ProductListQuery) =>
  apiQueryOptions<ProductListResponse>(['products', 'page', query], { path: '/product/', query });

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useProductPage(query: ProductListQuery, enabled = true) {
  return useQuery({
    ...productPageQuery(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
