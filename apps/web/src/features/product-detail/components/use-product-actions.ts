import type { Product } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useLocalStore } from '../../../lib/local-store';
import {
  type CustomizedCampaignDraft,
  campaignDataStore,
  cartStore,
  customizedCampaignStore,
  emptyCustomizedCampaign,
} from '../../../lib/stores';
import { useAuth } from '../../auth/auth-context';
import {
  allProductsDated,
  type DateRangeValue,
  isInCart,
  MISSING_DATES_ALERT,
  removeFromCart,
  setProductDates,
  toStoredCampaign,
  upsertById,
} from '../../campaigns/components/campaign-store-ops';
import { createCustomizedCampaign } from '../../customize/api/create-customized-campaign';
import {
  addProducts,
  hasProduct,
  removeProducts,
  setProductDates as setDraftDates,
} from '../../customize/campaign-draft';

/** Which of the three product routes is showing (SPEC section 2). */
export type ProductPageMode = 'product' | 'campaign' | 'customized';

export const PRODUCT_DATES_ALERT = 'Please select the start and end dates for this site.';

const EMPTY: DateRangeValue = { from_date: null, to_date: null };

/** Puts the site into the customized campaign draft with these dates, or updates its dates there. */
const putInDraft = (draft: CustomizedCampaignDraft, product: Product, range: DateRangeValue) =>
  hasProduct(draft, product.id)
    ? setDraftDates(draft, product.id, range)
    : addProducts(draft, [product], range);

/**
 * The dates and the buttons of a product page. Where the dates live depends on the route:
 * - /product/{id}: on the page, and in the customized campaign draft once the site is in it;
 * - /customized-campaign/product/{id}: on the page until Save writes them into the draft;
 * - /campaign/{cid}/product/{id}: in the stored campaign (campaignData), like the campaign page's pickers.
 */
export function useProductActions(mode: ProductPageMode, product: Product, campaignId: number | null) {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  const [campaigns, setCampaigns] = useLocalStore(campaignDataStore);
  const [cart, setCart] = useLocalStore(cartStore);
  const { token } = useAuth();
  const { alert, notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useMutation({ mutationFn: createCustomizedCampaign });

  const inDraft = draft.products.find((e) => e.product.id === product.id);
  const stored = campaignId ? campaigns.find((c) => c.id === campaignId) : undefined;
  const storedEntry = stored?.products.find((e) => e.product.id === product.id);
  const [local, setLocal] = useState<DateRangeValue>(() =>
    inDraft ? { from_date: inDraft.from_date, to_date: inDraft.to_date } : EMPTY,
  );

  let range: DateRangeValue = local;
  if (mode === 'campaign')
    range = storedEntry ? { from_date: storedEntry.from_date, to_date: storedEntry.to_date } : EMPTY;
  else if (mode === 'product' && inDraft) range = { from_date: inDraft.from_date, to_date: inDraft.to_date };
  const hasDates = Boolean(range.from_date && range.to_date);

  const inCart = mode === 'campaign' ? Boolean(campaignId && isInCart(cart, campaignId)) : Boolean(inDraft);

  const setRange = (next: DateRangeValue) => {
    setLocal(next);
    if (mode === 'product' && hasProduct(customizedCampaignStore.get(), product.id)) {
      setDraft((d) => putInDraft(d, product, next));
    }
    if (mode === 'campaign' && stored) {
      const updated = setProductDates(stored, product.id, next);
      setCampaigns((list) => upsertById(list, updated));
      // A campaign already in the cart follows its working copy; the cart page validates it before paying.
      if (isInCart(cartStore.get(), updated.id)) setCart((c) => upsertById(c, updated));
    }
  };

  const toggleCart = async () => {
    if (mode === 'campaign') {
      if (!stored) return;
      if (inCart) {
        setCart((c) => removeFromCart(c, stored));
        notify('Removed from your cart.', 'success');
        return;
      }
      if (!allProductsDated(stored.products)) {
        await alert(MISSING_DATES_ALERT);
        return;
      }
      setCart((c) => upsertById(c, stored));
      notify('Campaign added to your cart.', 'success');
      return;
    }
    if (inDraft) {
      setDraft((d) => removeProducts(d, [product.id]));
      notify('Removed from your customized campaign.', 'success');
      return;
    }
    if (!hasDates) {
      await alert(PRODUCT_DATES_ALERT);
      return;
    }
    setDraft((d) => putInDraft(d, product, range));
    notify('Added to your customized campaign.', 'success');
  };

  /** Only on /customized-campaign/product/{id}: writes the dates into the draft. */
  const save = async () => {
    if (!hasDates) {
      await alert(PRODUCT_DATES_ALERT);
      return;
    }
    setDraft((d) => putInDraft(d, product, range));
    notify('Dates saved to your customized campaign.', 'success');
  };

  /** SPEC section 4, "Buy now on product page". */
  const buyNow = async () => {
    if (!hasDates || !range.from_date || !range.to_date) {
      await alert(PRODUCT_DATES_ALERT);
      return;
    }
    if (!token) {
      navigate(`/verify-mobile?redirect=${encodeURIComponent(location.pathname)}`);
      return;
    }
    setCart([]);
    try {
      const answer = await create.mutateAsync({
        name: product.name,
        products: [{ product_id: product.id, from_date: range.from_date, to_date: range.to_date }],
      });
      const campaign = toStoredCampaign(answer.data);
      setDraft(emptyCustomizedCampaign());
      setCampaigns((list) => upsertById(list, campaign));
      setCart([campaign]);
      navigate('/user-details');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
    }
  };

  return { range, setRange, hasDates, inCart, toggleCart, save, buyNow, buying: create.isPending, stored };
}
