import type { CityPage } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The API path of a city page's answer. */
export const cityPageDataPath = (city: string, format?: string) =>
  `/api/outdoor-advertising/${encodeURIComponent(city)}${format === undefined ? '' : `/${encodeURIComponent(format)}`}`;

export type RenderedCityPage = CityPage | { error: { code: string; message: string } };

/**
 * The city page's answer. A page the server rendered as not found carries the API's error answer: the
 * browser then starts from the same not-found state, without asking again.
 */
export function useCityPage(city: string, format?: string, rendered?: RenderedCityPage) {
  const path = cityPageDataPath(city, format);
  const missing = rendered !== undefined && 'error' in rendered;
  const query = useQuery({
    queryKey: ['city-page', city, format ?? null],
    initialData: missing ? undefined : (rendered as CityPage | undefined),
    queryFn: ({ signal }) => apiRequest<CityPage>(path.slice('/api'.length), { signal }),
    enabled: !missing,
    retry: false,
  });
  // A 4xx says there is no such page; a network failure or a 5xx may be retried.
  const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  return { ...query, missing: missing || refused };
}
