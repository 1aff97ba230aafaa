import { type Campaign, earliestStartDate } from '@ooh/shared';
import { useEffect, useMemo } from 'react';
import { useLocalStore } from '../local-store';
import { campaignDataStore } from '../stores';
import { dropStaleDates, mergeWorkingDates, toStoredCampaign, upsertById } from './campaign-store-ops';
import { useCampaignDetail } from './get-campaign-detail';

/**
 * The campaign the user is working on: loaded from the server once per visit, then kept (with the user's
 * dates) in the campaignData store, which is what the pages read and write (docs/product-spec.md section 3).
 * `rendered`: the standard campaign the server rendered the page with.
 */
export function useWorkingCampaign(campaignId: number, enabled = true, rendered?: Campaign) {
  const query = useCampaignDetail(campaignId, enabled, rendered);
  const [campaigns, setCampaigns] = useLocalStore(campaignDataStore);
  // A page the server rendered with the campaign shows it as the server sent it until this browser's copy
  // (with the user's dates) is in the store: the server's HTML and the hydrating render are the same.
  const renderedCopy = useMemo(() => (rendered ? toStoredCampaign(rendered) : undefined), [rendered]);

  useEffect(() => {
    if (!query.data) return;
    const fresh = toStoredCampaign(query.data);
    setCampaigns((prev) => {
      const merged = mergeWorkingDates(
        fresh,
        prev.find((c) => c.id === fresh.id),
      );
      return upsertById(prev, dropStaleDates(merged, earliestStartDate()));
    });
  }, [query.data, setCampaigns]);

  const campaign = query.data
    ? (campaigns.find((c) => c.id === campaignId) ??
      (renderedCopy?.id === campaignId ? renderedCopy : undefined))
    : undefined;
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
