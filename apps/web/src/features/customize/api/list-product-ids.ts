import type { Product, ProductIdsResponse, ProductListResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /product/ids: every product the filters and search match, across all pages ("Select all"). */
export function useMatchingIds(query: Record<string, string>) {
  // In the background: its answer rendered the whole page again, synchronously, list and all.
  return useQuery({
    queryKey: ['products', 'ids', query],
    queryFn: ({ signal }) => apiRequest<ProductIdsResponse>('/product/ids', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The products of these ids (GET /product/?ids=, 100 at a time), for adding sites not loaded on the page. */
export async function fetchProductsByIds(ids: readonly number[]): Promise<Product[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  const pages = await Promise.all(
    chunks.map((chunk) =>
      apiRequest<ProductListResponse>('/product/', { query: { ids: chunk, page_size: 100 } }),
    ),
  );
  return pages.flatMap((p) => p.payload.results);
}
