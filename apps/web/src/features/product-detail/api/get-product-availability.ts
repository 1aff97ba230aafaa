import type { ProductAvailability } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';

/** GET /product/{id}/availability: the site's next 12 months, day by day (issue 48). */
export function fetchProductAvailability(
  productId: number,
  signal?: AbortSignal,
): Promise<ProductAvailability> {
  return apiRequest<ProductAvailability>(`/product/${productId}/availability?months=12`, { signal });
}

/** `rendered`: the calendar the server rendered the page with (the route's loader), so hydration keeps it. */
export function useProductAvailability(productId: number, rendered?: ProductAvailability | null) {
  return useQuery({
    queryKey: ['product', productId, 'availability'],
    initialData: rendered ?? undefined,
    queryFn: ({ signal }) => fetchProductAvailability(productId, signal),
    enabled: Number.isInteger(productId) && productId > 0,
    retry: false,
  });
}
