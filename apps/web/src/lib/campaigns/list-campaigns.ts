import type { CampaignListResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export interface CampaignListQuery {
  search?: string;
  page?: number;
  page_size?: number;
}

/** GET /campaign: the recommended (standard) campaigns, searched on name and description, paged. */
export function fetchCampaigns(
  query: CampaignListQuery,
  signal?: AbortSignal,
): Promise<CampaignListResponse> {
  return apiRequest<CampaignListResponse>('/campaign', { query: { ...query }, signal });
}

export function useCampaignList(query: CampaignListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['campaigns', 'list', query],
    queryFn: ({ signal }) => fetchCampaigns(query, signal),
    // While a new search runs, the previous results stay on screen instead of flashing to a spinner.
    placeholderData: keepPreviousData,
  });
}
