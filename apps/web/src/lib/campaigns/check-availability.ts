import type { AvailabilityItem, AvailabilityResponse, AvailabilityResult } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** POST /booking/booking_availability_check_multiple: one status per range, sorted by product_id. */
export async function checkAvailability(
  items: AvailabilityItem[],
  signal?: AbortSignal,
): Promise<AvailabilityResult[]> {
  const answer = await apiRequest<AvailabilityResponse>('/booking/booking_availability_check_multiple', {
    method: 'POST',
    body: items,
    signal,
  });
  return [...answer.data].sort((a, b) => a.product_id - b.product_id);
}

/**
 * Runs only when `items` is non-null: the campaign page passes null until every site has both dates. Its
 * answer reaches every place of the campaign and its two pickers.
 */
export function useAvailability(items: AvailabilityItem[] | null) {
  return useQuery({
    queryKey: ['availability', items],
    queryFn: ({ signal }) => checkAvailability(items ?? [], signal),
    enabled: Boolean(items?.length),
    staleTime: 15_000,
  });
}
