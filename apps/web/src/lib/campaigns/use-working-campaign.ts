import { type Campaign, earliestStartDate } from '@ooh/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocalStoreSelector } from '../local-store-selector';
import { campaignDataStore, type StoredCampaign } from '../stores';
import { dropStaleDates, mergeWorkingDates, toStoredCampaign, upsertById } from './campaign-store-ops';
import { useCampaignDetail } from './get-campaign-detail';

/**
 * The campaign the user is working on: loaded from the server once per visit, then kept (with the user's
 * dates) in the campaignData store, which is what the pages read and write (docs/product-spec.md section 3).
 * `rendered`: the standard campaign the server rendered the page with.
 */
const sameContent = (a: StoredCampaign | undefined, b: StoredCampaign | undefined) =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

export function useWorkingCampaign(campaignId: number, enabled = true, rendered?: Campaign) {
  const query = useCampaignDetail(campaignId, enabled, rendered);
  // A page the server rendered with the campaign shows it as the server sent it until this browser's copy
  // (with the user's dates) is in the store: the server's HTML and the hydrating render are the same.
  const renderedCopy = useMemo(() => (rendered ? toStoredCampaign(rendered) : undefined), [rendered]);
  // This campaign's stored copy, or the rendered one while there is none. When the first visit stores the
  // rendered campaign as it is, the page keeps the object it hydrated with and renders nothing again (it
  // rendered the whole page synchronously, 260 ms of a slowed phone's main thread on /campaign/1).
  const stored = useLocalStoreSelector(
    campaignDataStore,
    useCallback(
      (all: StoredCampaign[]) =>
        all.find((c) => c.id === campaignId) ?? (renderedCopy?.id === campaignId ? renderedCopy : undefined),
      [campaignId, renderedCopy],
    ),
    sameContent,
  );

  useEffect(() => {
    if (!query.data) return;
    const fresh = toStoredCampaign(query.data);
    campaignDataStore.set((prev) => {
      const merged = mergeWorkingDates(
        fresh,
        prev.find((c) => c.id === fresh.id),
      );
      return upsertById(prev, dropStaleDates(merged, earliestStartDate()));
    });
  }, [query.data]);

  const campaign = query.data ? stored : undefined;
  return {
    campaign,
    /** The server's copy, for what the store does not keep. */
    server: query.data,
    isLoading: query.isPending && enabled,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}
