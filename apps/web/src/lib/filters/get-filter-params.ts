import type { FilterDefinition, FilterParamsResponse } from '@ooh/shared';

import { apiRequest } from '../api-client';
import { useBackgroundQuery } from '../use-background-query';

/** GET /fetch_filter_params/: what the filter panel offers, from the catalogue. */
export async function fetchFilterParams(signal?: AbortSignal): Promise<FilterDefinition[]> {
  const answer = await apiRequest<FilterParamsResponse>('/fetch_filter_params/', { signal });
  return answer.filters;
}

export function useFilterParams() {
  return useBackgroundQuery({
    queryKey: ['filter-params'],
    queryFn: ({ signal }) => fetchFilterParams(signal),
    staleTime: 5 * 60_000,
  });
}
