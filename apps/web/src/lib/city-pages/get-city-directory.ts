import type { CityDirectory } from '@ooh/shared';
import { apiRequest } from '../api-client';
import { useServerData } from '../server-data';
import { useBackgroundQuery } from '../use-background-query';

export const CITY_DIRECTORY_PATH = '/api/outdoor-advertising';

/** GET /outdoor-advertising: every city with live sites, most sites first (city pages, the home page). */
export function useCityDirectory(enabled = true) {
  const rendered = useServerData<CityDirectory>(CITY_DIRECTORY_PATH);
  return useBackgroundQuery({
    queryKey: ['city-directory'],
    initialData: rendered,
    queryFn: ({ signal }) => apiRequest<CityDirectory>('/outdoor-advertising', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
