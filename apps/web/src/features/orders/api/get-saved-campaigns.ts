import type { SavedCampaignsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RENDERED_FRESH_MS } from './get-order';

/** GET /saved_campaigns/ (token): the buyer's saved campaigns, most recently saved first. */
export function fetchSavedCampaigns(signal?: AbortSignal): Promise<SavedCampaignsResponse> {
  return apiRequest<SavedCampaignsResponse>('/saved_campaigns/', { signal, redirectOn401: false });
}

/**
 * `rendered`: the list the server rendered the page with (routes/my-orders.tsx), shown as it is for a few
 * seconds (asking again at once would only repeat it), then asked again as usual.
 */
export function useSavedCampaigns(
  phoneNumber: string | undefined,
  enabled: boolean,
  rendered?: SavedCampaignsResponse,
) {
  return useQuery({
    queryKey: ['saved-campaigns', phoneNumber ?? ''],
    queryFn: ({ signal }) => fetchSavedCampaigns(signal),
    initialData: rendered,
    enabled: enabled && Boolean(phoneNumber),
    staleTime: rendered ? RENDERED_FRESH_MS : 0,
  });
}
