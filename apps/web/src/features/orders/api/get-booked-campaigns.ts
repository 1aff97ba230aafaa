import type { BookedCampaignsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RENDERED_FRESH_MS } from './get-order';

/** GET /booked_campaigns/ (token): paid and cash orders as upcoming, ongoing and completed campaigns. */
export function fetchBookedCampaigns(signal?: AbortSignal): Promise<BookedCampaignsResponse> {
  return apiRequest<BookedCampaignsResponse>('/booked_campaigns/', { signal, redirectOn401: false });
}

/**
 * `rendered`: the list the server rendered the page with (routes/my-orders.tsx), shown as it is for a few
 * seconds (asking again at once would only repeat it), then asked again as usual.
 */
export function useBookedCampaigns(
  phoneNumber: string | undefined,
  enabled: boolean,
  rendered?: BookedCampaignsResponse,
) {
  return useQuery({
    queryKey: ['booked-campaigns', phoneNumber ?? ''],
    queryFn: ({ signal }) => fetchBookedCampaigns(signal),
    initialData: rendered,
    enabled: enabled && Boolean(phoneNumber),
    // A payment just made must show at once.
    staleTime: rendered ? RENDERED_FRESH_MS : 0,
  });
}
