import type { Product } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query';

/**
 * GET /product/{id}: the bare product with its unavailable_dates (docs/product-rules.md section 4). One
 * query for the route's loader (lib/loader-queries.ts) and the page's hook.
 */
export const productQuery = (productId: number) =>
  apiQueryOptions<Product>(['product', productId], { path: `/product/${productId}` });

export function useProduct(productId: number) {
  return useQuery({
    ...productQuery(productId),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
