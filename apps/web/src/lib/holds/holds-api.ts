import type { HoldAnswer, HoldList, HoldRequest } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/*
 * Holds (options, decision 082): the product page holds and asks, My Orders lists, renews and releases.
 * Shared by two features, so it lives in lib.
 */

export const HOLDS_KEY = ['holds'] as const;

export function fetchHolds(signal?: AbortSignal): Promise<HoldList> {
  return apiRequest<HoldList>('/holds', { signal, redirectOn401: false });
}

/** GET /api/holds; `rendered`: the list the server rendered the page with. */
export function useHolds(enabled: boolean, rendered?: HoldList) {
  return useQuery({
    queryKey: HOLDS_KEY,
    queryFn: ({ signal }) => fetchHolds(signal),
    initialData: rendered,
    enabled,
  });
}

export const createHold = (body: HoldRequest) => apiRequest<HoldAnswer>('/holds', { method: 'POST', body });
export const renewHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}/renew`, { method: 'POST' });
export const releaseHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}`, { method: 'DELETE' });
export const askForHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}/request`, { method: 'POST' });
