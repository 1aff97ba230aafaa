import type { BookedCampaignsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /booked_campaigns/ (token): paid and cash orders as upcoming, ongoing and completed campaigns. */
export function fetchBookedCampaigns(signal?: AbortSignal): Promise<BookedCampaignsResponse> {
  return apiRequest<BookedCampaignsResponse>('/booked_campaigns/', { signal, redirectOn401: false });
}

export function useBookedCampaigns(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['booked-campaigns', phoneNumber ?? ''],
    queryFn: ({ signal }) => fetchBookedCampaigns(signal),
    enabled: enabled && Boolean(phoneNumber),
    // A payment just made must show at once.
    staleTime: 0,
  });
}
