import type { CityDirectory } from '@ooh/shared';
import { apiRequest } from '../api-client';
import { useBackgroundQuery } from '../use-background-query';

export const CITY_DIRECTORY_PATH = '/api/outdoor-advertising';

/** GET /outdoor-advertising: every city with live sites, most sites first (city pages, the home page). */
/** `rendered`: the answer the server rendered the page with (the city pages' loader). */
export function useCityDirectory(enabled = true, rendered?: CityDirectory) {
  return useBackgroundQuery({
    queryKey: ['city-directory'],
    initialData: rendered,
    queryFn: ({ signal }) => apiRequest<CityDirectory>('/outdoor-advertising', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
