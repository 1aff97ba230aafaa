import type { ProductPackageList } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query';

/** GET /product/{id}/packages: the owner's packages holding this site that a buyer can still take. */
export const productPackagesQuery = (productId: number) =>
  apiQueryOptions<ProductPackageList>(['product', productId, 'packages'], {
    path: `/product/${productId}/packages`,
  });

export function useProductPackages(productId: number) {
  return useQuery({
    ...productPackagesQuery(productId),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
