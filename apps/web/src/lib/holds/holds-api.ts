import type { HoldAnswer, HoldList, HoldRequest, SiteHoldsForCaller } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { apiQueryOptions } from '../api-query';
import { useAuth } from '../auth/auth-context';

/*
 * Holds (options, decision 082): the product page holds and asks, My Orders lists, renews and releases.
 * Shared by two features, so it lives in lib.
 */

export const HOLDS_KEY = ['holds'] as const;

/** GET /api/holds, for My Orders' loader (lib/loader-queries.ts, with the session) and the Holds tab's hook. */
export const holdsQuery = () =>
  apiQueryOptions<HoldList>(HOLDS_KEY, { path: '/holds', redirectOn401: false });

export function useHolds(enabled: boolean) {
  return useQuery({ ...holdsQuery(), enabled });
}

const NO_HOLDS: ReadonlyMap<number, string> = new Map();
const liveEnds = (list: HoldList): ReadonlyMap<number, string> =>
  new Map(
    list.results
      .filter((h) => h.status === 'active' || h.status === 'requested')
      .map((h) => [h.id, h.expires_at]),
  );

/**
 * The signed-in buyer's live holds, id to end (their own read: a renewal shows at once), for the catalogue's cards ("Held by you until ...", decision
 * 082). From the private GET /api/holds in the browser (one query for every card), never from the public
 * catalogue answers, which are cached for everyone and say only "On hold until ...". Signed out, or until the
 * answer comes (the server's render included): none.
 */
export function useOwnHolds(): ReadonlyMap<number, string> {
  const { isAuthenticated } = useAuth();
  const own = useQuery({ ...holdsQuery(), enabled: isAuthenticated, select: liveEnds });
  return (isAuthenticated && own.data) || NO_HOLDS;
}

/**
 * GET /api/holds/sites: the live holds on these sites, the caller's own marked (a campaign's lines), for the
 * campaign page's loader (signed in, with the session) and its hook. Under HOLDS_KEY, so every hold change
 * that refreshes the caller's holds refreshes this too. Private: never a catalogue (public) answer.
 */
export const siteHoldsQuery = (productIds: readonly number[]) => {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  return apiQueryOptions<SiteHoldsForCaller>([...HOLDS_KEY, 'sites', ids], {
    path: '/holds/sites',
    query: { product_ids: ids.join(',') },
    redirectOn401: false,
  });
};

export function useSiteHolds(productIds: readonly number[], enabled: boolean) {
  return useQuery({ ...siteHoldsQuery(productIds), enabled: enabled && productIds.length > 0 });
}

export const createHold = (body: HoldRequest) => apiRequest<HoldAnswer>('/holds', { method: 'POST', body });
export const renewHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}/renew`, { method: 'POST' });
export const releaseHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}`, { method: 'DELETE' });
export const askForHold = (id: number) => apiRequest<HoldAnswer>(`/holds/${id}/request`, { method: 'POST' });
