import { type Campaign, earliestStartDate } from '@ooh/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocalStoreSelector } from '../local-store-selector';
import { campaignDataStore, type StoredCampaign } from '../stores';
import { dropStaleDates, mergeWorkingDates, toStoredCampaign, upsertById } from './campaign-store-ops';
import { useCampaignDetail } from './get-campaign-detail';

/** The server's copy as the store keeps it: the user's dates kept, past dates dropped, prices worked out. */
const storedForm = (fresh: StoredCampaign, stored: StoredCampaign | undefined) =>
  dropStaleDates(mergeWorkingDates(fresh, stored), earliestStartDate());

const sameContent = (a: StoredCampaign | undefined, b: StoredCampaign | undefined) =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/**
 * The campaign the user is working on: loaded from the server once per visit, then kept (with the user's
 * dates) in the campaignData store, which is what the pages read and write (docs/product-spec.md section 3).
 * A standard campaign's page arrives with the server's copy in the query's cache (routes/campaign.tsx).
 */
export function useWorkingCampaign(campaignId: number, enabled = true) {
  const query = useCampaignDetail(campaignId, enabled);
  const rendered: Campaign | undefined = query.data;
  // A page the server rendered with the campaign shows it as the server sent it until this browser's copy
  // (with the user's dates) is in the store: the server's HTML and the hydrating render are the same.
  // Made as the first visit stores it (with its prices), so storing it changes nothing the page shows.
  const renderedCopy = useMemo(
    () => (rendered ? storedForm(toStoredCampaign(rendered), undefined) : undefined),
    [rendered],
  );
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
    campaignDataStore.set((prev) =>
      upsertById(
        prev,
        storedForm(
          fresh,
          prev.find((c) => c.id === fresh.id),
        ),
      ),
    );
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
