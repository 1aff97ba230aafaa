import type { ProductListResponse } from '@ooh/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const PRODUCTS_PAGE_SIZE = 24;

/** GET /product/ with the filter pairs and search; pages of 24 for loading more on scroll. */
export function fetchProductPage(query: Record<string, string>, page: number, signal?: AbortSignal) {
  return apiRequest<ProductListResponse>('/product/', {
    query: { ...query, page, page_size: PRODUCTS_PAGE_SIZE },
    signal,
  });
}

/** The customize page's sites, two dozen at a time. */
export function useProductList(query: Record<string, string>, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['products', 'customize', query],
    queryFn: ({ pageParam, signal }) => fetchProductPage(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.payload.next ? page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}
