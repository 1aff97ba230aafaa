import type { CityDirectory } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const CITY_DIRECTORY_PATH = '/api/outdoor-advertising';

/** GET /outdoor-advertising: every city with live sites, most sites first (city pages, the home page). */
/** `rendered`: the answer the server rendered the page with (the city pages' loader). */
export function useCityDirectory(enabled = true, rendered?: CityDirectory) {
  return useQuery({
    queryKey: ['city-directory'],
    initialData: rendered,
    queryFn: ({ signal }) => apiRequest<CityDirectory>('/outdoor-advertising', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
