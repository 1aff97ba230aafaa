import type { FilterDefinition, FilterParamsResponse } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../api-client';

/** GET /fetch_filter_params/: what the filter panel offers, from the catalogue. */
const FILTER_PARAMS = '/fetch_filter_params/';

/** The address a page's loader reads the filters from on the server (routes/products.tsx, customize.tsx). */
export const FILTER_PARAMS_URL = `/api${FILTER_PARAMS}`;

export async function fetchFilterParams(signal?: AbortSignal): Promise<FilterDefinition[]> {
  const answer = await apiRequest<FilterParamsResponse>(FILTER_PARAMS, { signal });
  return answer.filters;
}

/**
 * `rendered`: the filters the server rendered the page with. They count as just fetched, so the panel
 * hydrates with its choices and the browser neither asks again nor renders the page a second time.
 */
export function useFilterParams(rendered?: FilterDefinition[]) {
  return useQuery({
    queryKey: ['filter-params'],
    queryFn: ({ signal }) => fetchFilterParams(signal),
    initialData: rendered,
    staleTime: 5 * 60_000,
  });
}
