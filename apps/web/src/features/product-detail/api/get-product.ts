import type { Product } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /product/{id}: the bare product with its unavailable_dates (DESIGN.md section 4). */
export function fetchProduct(productId: number, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/product/${productId}`, { signal });
}

export function useProduct(productId: number) {
  return useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
