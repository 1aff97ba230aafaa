import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { signInPath } from '../../../lib/auth/redirect-target';
import {
  allProductsDated,
  type DateRangeValue,
  isInCart,
  MISSING_DATES_ALERT,
  removeFromCart,
  setAllDates,
  setProductDates,
  toStoredCampaign,
  upsertById,
} from '../../../lib/campaigns/campaign-store-ops';
import { holdsQuery } from '../../../lib/holds/holds-api';
import { coveredByOwnHolds, type DatedLine } from '../../../lib/holds/own-holds';
import { createActionKeys } from '../../../lib/idempotency';
import { useLocalStore } from '../../../lib/local-store';
import { campaignDataStore, cartStore, type StoredCampaign } from '../../../lib/stores';
import { useSaveCampaign } from '../api/save-campaign';

export const REPLACE_CART_CONFIRM =
  'Buy Now checks out only this campaign and takes the other campaigns out of your cart. Continue?';

export const UNAVAILABLE_ALERT =
  'Some places in this campaign are not available on the chosen dates. Please change their dates.';

/**
 * What the campaign page's pickers and buttons do (docs/product-spec.md section 4). The working copy is the campaign's
 * entry in campaignData; a campaign already in the cart follows it.
 */
/** The campaign's lines that have both dates. */
const datedLines = (campaign: StoredCampaign): DatedLine[] =>
  campaign.products.flatMap((e) =>
    e.from_date && e.to_date
      ? [{ product_id: e.product.id, from_date: e.from_date, to_date: e.to_date }]
      : [],
  );

/** The caller's holds, or none when they cannot be read (the availability answer then stands). */
const ownHolds = (queries: QueryClient) =>
  queries.fetchQuery(holdsQuery()).then(
    (list) => list.results,
    () => undefined,
  );

export function useCampaignActions(campaign: StoredCampaign, unavailableIds: readonly number[]) {
  // Written, never read here: subscribing to the whole store rendered the page again, synchronously, when
  // the first visit stored the campaign it was rendered with (lib/campaigns/use-working-campaign.ts).
  const setCampaigns = campaignDataStore.set;
  const [cart, setCart] = useLocalStore(cartStore);
  const { isAuthenticated } = useAuth();
  const queries = useQueryClient();
  const { alert, confirm, notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveCampaign();
  const inCart = isInCart(cart, campaign.id);
  // Save is disabled while its call runs; a second click before the re-render is ignored, and a retry of
  // the same save reuses its Idempotency-Key (docs/product-rules.md section 3a).
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const saveKeys = useRef(createActionKeys());

  const commit = (updated: StoredCampaign) => {
    setCampaigns((list) => upsertById(list, updated));
    if (isInCart(cartStore.get(), updated.id)) setCart((c) => upsertById(c, updated));
  };

  /** Checks shared by Save, Add to Cart and Buy Now; false after telling the user why not. */
  const ready = async (): Promise<boolean> => {
    if (!allProductsDated(campaign.products)) {
      await alert(MISSING_DATES_ALERT);
      return false;
    }
    // The caller's own holds make a line read taken, yet it is theirs to book (lib/holds/own-holds.ts):
    // asked when the button is pressed, so a tap right after the page appears is judged the same.
    const own = unavailableIds.length && isAuthenticated ? await ownHolds(queries) : undefined;
    const mine = coveredByOwnHolds(datedLines(campaign), own);
    if (unavailableIds.some((id) => !mine.has(id))) {
      await alert(UNAVAILABLE_ALERT);
      return false;
    }
    return true;
  };

  return {
    inCart,
    saving,
    setWholeRange: (range: DateRangeValue) => commit(setAllDates(campaign, range)),
    setPlaceRange: (productId: number, range: DateRangeValue) =>
      commit(setProductDates(campaign, productId, range)),

    onSave: async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (!(await ready())) return;
        if (!isAuthenticated) {
          navigate(signInPath(location.pathname));
          return;
        }
        const body = {
          campaign_id: campaign.id,
          products: campaign.products.map((e) => ({
            product_id: e.product.id,
            from_date: e.from_date as string,
            to_date: e.to_date as string,
          })),
        };
        setSaving(true);
        const answer = await save.mutateAsync({ body, key: saveKeys.current.keyFor(JSON.stringify(body)) });
        saveKeys.current.done();
        const saved = toStoredCampaign(answer.data);
        setCampaigns((list) => upsertById(list, saved));
        navigate(`/campaign/${saved.id}?from=save`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return;
        notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },

    onToggleCart: async () => {
      if (inCart) {
        setCart((c) => removeFromCart(c, campaign));
        notify('Removed from your cart.', 'success');
        return;
      }
      if (!(await ready())) return;
      setCart((c) => upsertById(c, campaign));
      notify('Campaign added to your cart.', 'success');
    },

    onBuyNow: async () => {
      if (!(await ready())) return;
      // Nothing the buyer put in the cart goes without asking (docs/product-rules.md section 3a).
      const others = cartStore.get().some((c) => c.id !== campaign.id);
      if (others && !(await confirm(REPLACE_CART_CONFIRM))) return;
      setCart([campaign]);
      navigate('/user-details');
    },
  };
}
