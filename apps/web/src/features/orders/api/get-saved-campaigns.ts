import type { SavedCampaignsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /saved_campaigns/ (token): the buyer's saved campaigns, most recently saved first. */
export function fetchSavedCampaigns(signal?: AbortSignal): Promise<SavedCampaignsResponse> {
  return apiRequest<SavedCampaignsResponse>('/saved_campaigns/', { signal, redirectOn401: false });
}

export function useSavedCampaigns(phoneNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['saved-campaigns', phoneNumber ?? ''],
    queryFn: ({ signal }) => fetchSavedCampaigns(signal),
    enabled: enabled && Boolean(phoneNumber),
    staleTime: 0,
  });
}
