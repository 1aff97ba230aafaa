import type { Product, ProductListResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../api-client';

const CHUNK = 100;

/** GET /product/?ids=: the current catalogue facts (price, unavailable dates) of the cart's sites. */
export async function fetchProductsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Product[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const pages = await Promise.all(
    chunks.map((chunk) =>
      apiRequest<ProductListResponse>('/product/', { query: { ids: chunk, page_size: CHUNK }, signal }),
    ),
  );
  return pages.flatMap((p) => p.payload.results);
}

/** Keyed by the sorted ids, so the same cart never asks twice within the stale time. */
export function useCartProducts(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['cart-products', sorted],
    queryFn: ({ signal }) => fetchProductsByIds(sorted, signal),
    enabled: sorted.length > 0,
    select: (products) => new Map(products.map((p) => [p.id, p])),
  });
}
