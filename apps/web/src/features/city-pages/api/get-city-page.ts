import type { CityPage } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { apiQueryOptions } from '../../../lib/api-query';

/** The city page's answer, for its route's loader (lib/loader-queries.ts) and the page's hook alike. */
export const cityPageQuery = (city: string, format?: string) =>
  apiQueryOptions<CityPage>(['city-page', city, format ?? null], {
    path: `/outdoor-advertising/${encodeURIComponent(city)}${format === undefined ? '' : `/${encodeURIComponent(format)}`}`,
  });

/**
 * The city page's answer. `missing`: the server rendered the page as not found (its loader's 4xx); the
 * browser then starts from the same not-found state, without asking again.
 */
export function useCityPage(city: string, format?: string, missing = false) {
  const query = useQuery({ ...cityPageQuery(city, format), enabled: !missing, retry: false });
  // A 4xx says there is no such page; a network failure or a 5xx may be retried.
  const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  return { ...query, missing: missing || refused };
}
