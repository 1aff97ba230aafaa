import type { CityDirectory } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../api-query';

/** GET /outdoor-advertising: every city with live sites, most sites first (city pages, the home page). */
export const cityDirectoryQuery = () =>
  apiQueryOptions<CityDirectory>(['city-directory'], { path: '/outdoor-advertising' });

export function useCityDirectory(enabled = true) {
  return useQuery({ ...cityDirectoryQuery(), enabled, staleTime: 5 * 60_000 });
}
