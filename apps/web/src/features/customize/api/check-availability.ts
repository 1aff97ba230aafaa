import { AVAILABILITY_MAX_ENTRIES, type AvailabilityItem, type AvailabilityResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';

/**
 * POST /booking/booking_availability_check_multiple for any number of ranges (the API takes 200 at a
 * time). Answers a status per product id; the results are kept sorted by product_id (docs/product-spec.md section 4).
 */
export async function checkAvailability(
  items: AvailabilityItem[],
  signal?: AbortSignal,
): Promise<Map<number, boolean>> {
  const chunks: AvailabilityItem[][] = [];
  for (let i = 0; i < items.length; i += AVAILABILITY_MAX_ENTRIES)
    chunks.push(items.slice(i, i + AVAILABILITY_MAX_ENTRIES));
  const answers = await Promise.all(
    chunks.map((body) =>
      apiRequest<AvailabilityResponse>('/booking/booking_availability_check_multiple', {
        method: 'POST',
        body,
        signal,
      }),
    ),
  );
  const sorted = answers.flatMap((a) => a.data).sort((a, b) => a.product_id - b.product_id);
  return new Map(sorted.map((r) => [r.product_id, r.status]));
}

/** Runs only when `items` is non-null and non-empty. */
export function useAvailability(items: AvailabilityItem[] | null) {
  return useQuery({
    queryKey: ['availability', 'customize', items],
    queryFn: ({ signal }) => checkAvailability(items ?? [], signal),
    enabled: Boolean(items?.length),
    staleTime: 15_000,
  });
}
