import type { Product } from '@ooh/shared';

import { apiRequest } from '../../../lib/api-client';
import { useServerData } from '../../../lib/server-data';
import { useBackgroundQuery } from '../../../lib/use-background-query';

/** GET /product/{id}: the bare product with its unavailable_dates (docs/product-rules.md section 4). */
export function fetchProduct(productId: number, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/product/${productId}`, { signal });
}

export function useProduct(productId: number) {
  const rendered = useServerData<Product>(`/api/product/${productId}`);
  return useBackgroundQuery({
    queryKey: ['product', productId],
    initialData: rendered,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
