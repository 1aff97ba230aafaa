import type { Product } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';

/** GET /product/{id}: the bare product with its unavailable_dates (docs/product-rules.md section 4). */
export function fetchProduct(productId: number, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/product/${productId}`, { signal });
}

/** `rendered`: the answer the server rendered the page with (its route's loader), so hydration keeps its HTML. */
export function useProduct(productId: number, rendered?: Product) {
  return useQuery({
    queryKey: ['product', productId],
    initialData: rendered?.id === productId ? rendered : undefined,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
