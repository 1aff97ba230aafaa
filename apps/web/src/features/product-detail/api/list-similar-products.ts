import type { Product, ProductListResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';

const WANTED = 4;

/**
 * "Sites you may Like": four other sites, from the same district first, topped up from the whole
 * catalogue when the district has fewer.
 */
export async function fetchSimilarProducts(product: Product, signal?: AbortSignal): Promise<Product[]> {
  const near = await apiRequest<ProductListResponse>('/product/', {
    query: { district: product.district, page_size: WANTED + 1 },
    signal,
  });
  const picked = near.payload.results.filter((p) => p.id !== product.id).slice(0, WANTED);
  if (picked.length >= WANTED) return picked;
  const more = await apiRequest<ProductListResponse>('/product/', { query: { page_size: 12 }, signal });
  const seen = new Set([product.id, ...picked.map((p) => p.id)]);
  return [...picked, ...more.payload.results.filter((p) => !seen.has(p.id))].slice(0, WANTED);
}

export function useSimilarProducts(product: Product | undefined) {
  return useQuery({
    queryKey: ['similar-products', product?.id, product?.district],
    queryFn: ({ signal }) => fetchSimilarProducts(product as Product, signal),
    enabled: Boolean(product),
    staleTime: 60_000,
  });
}
