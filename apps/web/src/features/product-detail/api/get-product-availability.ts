import type { ProductAvailability } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query';

/** GET /product/{id}/availability: the site's next 12 months, day by day (issue 48). */
export const productAvailabilityQuery = (productId: number) =>
  apiQueryOptions<ProductAvailability>(['product', productId, 'availability'], {
    path: `/product/${productId}/availability`,
    query: { months: 12 },
  });

export function useProductAvailability(productId: number) {
  return useQuery({
    ...productAvailabilityQuery(productId),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
