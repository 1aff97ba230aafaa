import type { Product } from '@ooh/shared';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { signInPath } from '../../../lib/auth/redirect-target';
import {
  addProducts,
  hasProduct,
  rangeFitsSite,
  setProductDates as setDraftDates,
  usableDates,
} from '../../../lib/campaigns/campaign-draft';
import {
  allProductsDated,
  type DateRangeValue,
  isInCart,
  MISSING_DATES_ALERT,
  removeFromCart,
  setProductDates,
  toStoredCampaign,
  upsertById,
} from '../../../lib/campaigns/campaign-store-ops';
import { createCustomizedCampaign } from '../../../lib/campaigns/create-customized-campaign';
import { createActionKeys } from '../../../lib/idempotency';
import { useLocalStore } from '../../../lib/local-store';
import {
  type CustomizedCampaignDraft,
  campaignDataStore,
  cartStore,
  customizeDatesStore,
  customizedCampaignStore,
  emptyCustomizedCampaign,
  type StoredCampaign,
} from '../../../lib/stores';

/** Which of the three product routes is showing (docs/product-spec.md section 2). */
export type ProductPageMode = 'product' | 'campaign' | 'customized';

export const PRODUCT_DATES_ALERT = 'Please select the start and end dates for this site.';

const EMPTY: DateRangeValue = { from_date: null, to_date: null };

/** Puts the site into the customized campaign draft with these dates, or updates its dates there. */
const putInDraft = (draft: CustomizedCampaignDraft, product: Product, range: DateRangeValue) =>
  hasProduct(draft, product.id)
    ? setDraftDates(draft, product.id, range)
    : addProducts(draft, [product], range);

/** The one-site campaign of this site that its product page put into the cart, if any. */
export const siteCampaignInCart = (cart: readonly StoredCampaign[], productId: number) =>
  cart.find((c) => c.products.length === 1 && c.products[0].product.id === productId);

/** The question Buy Now asks before it replaces what the buyer built (docs/product-rules.md section 3a). */
export function replaceQuestion(
  cart: readonly StoredCampaign[],
  draft: CustomizedCampaignDraft,
): string | null {
  const parts: string[] = [];
  if (cart.length) parts.push(`your cart (${cart.length} ${cart.length === 1 ? 'campaign' : 'campaigns'})`);
  if (draft.products.length) {
    const n = draft.products.length;
    parts.push(`your customized campaign (${n} ${n === 1 ? 'site' : 'sites'})`);
  }
  if (!parts.length) return null;
  return `Buy Now checks out only this site. It replaces ${parts.join(' and ')}. Continue?`;
}

/**
 * The dates and the buttons of a product page. Where the dates live depends on the route:
 * - /product/{id} and /customized-campaign/product/{id}: on the page; the site's one-site campaign in the
 *   cart (and, on /product/{id}, the customized campaign draft once the site is in it) follow them;
 *   on /customized-campaign/product/{id} Save writes them into the draft;
 * - /campaign/{cid}/product/{id}: in the stored campaign (campaignData), like the campaign page's pickers.
 * "Add to cart" does what it says (docs/product-rules.md section 3a): the site with its dates goes into the cart at
 * once as a one-site campaign (created on the server, so it can be ordered). Creating calls carry an
 * Idempotency-Key and run one at a time.
 */
export function useProductActions(mode: ProductPageMode, product: Product, campaignId: number | null) {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  const [campaigns, setCampaigns] = useLocalStore(campaignDataStore);
  const [cart, setCart] = useLocalStore(cartStore);
  const { isAuthenticated } = useAuth();
  const { alert, confirm, notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const busy = useRef(false);
  const [working, setWorking] = useState(false);
  const keys = useRef(createActionKeys());

  const inDraft = draft.products.find((e) => e.product.id === product.id);
  const stored = campaignId ? campaigns.find((c) => c.id === campaignId) : undefined;
  const storedEntry = stored?.products.find((e) => e.product.id === product.id);
  const siteCampaign = mode === 'campaign' ? undefined : siteCampaignInCart(cart, product.id);
  const [local, setLocal] = useState<DateRangeValue>(() => {
    const known = siteCampaignInCart(cartStore.get(), product.id)?.products[0] ?? inDraft;
    if (known) return { from_date: known.from_date, to_date: known.to_date };
    // Opened from /customize: the dates chosen there, where this site allows them (docs/product-rules.md section 3a).
    const chosen = usableDates(customizeDatesStore.get());
    return mode === 'customized' && rangeFitsSite(product, chosen) ? chosen : EMPTY;
  });

  let range: DateRangeValue = local;
  if (mode === 'campaign')
    range = storedEntry ? { from_date: storedEntry.from_date, to_date: storedEntry.to_date } : EMPTY;
  else if (mode === 'product' && inDraft) range = { from_date: inDraft.from_date, to_date: inDraft.to_date };
  const hasDates = Boolean(range.from_date && range.to_date);

  const inCart =
    mode === 'campaign' ? Boolean(campaignId && isInCart(cart, campaignId)) : Boolean(siteCampaign);

  /** Keeps a campaign in campaignData and, when it is in the cart, its cart copy in step. */
  const commit = (updated: StoredCampaign) => {
    setCampaigns((list) => upsertById(list, updated));
    if (isInCart(cartStore.get(), updated.id)) setCart((c) => upsertById(c, updated));
  };

  const setRange = (next: DateRangeValue) => {
    setLocal(next);
    if (mode === 'product' && hasProduct(customizedCampaignStore.get(), product.id)) {
      setDraft((d) => putInDraft(d, product, next));
    }
    if (mode === 'campaign' && stored) commit(setProductDates(stored, product.id, next));
    const inCartNow = mode === 'campaign' ? undefined : siteCampaignInCart(cartStore.get(), product.id);
    if (inCartNow) commit(setProductDates(inCartNow, product.id, next));
  };

  /** One creating action at a time; clicks while it runs are ignored. */
  const exclusive = async (action: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await action();
    } finally {
      busy.current = false;
      setWorking(false);
    }
  };

  /** The site with the page's dates as a new one-site campaign of the buyer; null after telling why not. */
  const createSiteCampaign = async (): Promise<StoredCampaign | null> => {
    if (!range.from_date || !range.to_date) {
      await alert(PRODUCT_DATES_ALERT);
      return null;
    }
    if (!isAuthenticated) {
      navigate(signInPath(location.pathname));
      return null;
    }
    const body = {
      name: product.name,
      products: [{ product_id: product.id, from_date: range.from_date, to_date: range.to_date }],
    };
    setWorking(true);
    try {
      const answer = await createCustomizedCampaign(body, keys.current.keyFor(JSON.stringify(body)));
      keys.current.done();
      return toStoredCampaign(answer.data);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
      }
      return null;
    }
  };

  const toggleCart = () =>
    exclusive(async () => {
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
      const present = siteCampaignInCart(cartStore.get(), product.id);
      if (present) {
        setCart((c) => removeFromCart(c, present));
        notify('Removed from your cart.', 'success');
        return;
      }
      const campaign = await createSiteCampaign();
      if (!campaign) return;
      setCampaigns((list) => upsertById(list, campaign));
      setCart((c) => upsertById(c, campaign));
      notify(`${product.name} is in your cart.`, 'success');
    });

  /** Only on /customized-campaign/product/{id}: writes the dates into the draft. */
  const save = async () => {
    if (!hasDates) {
      await alert(PRODUCT_DATES_ALERT);
      return;
    }
    setDraft((d) => putInDraft(d, product, range));
    notify('Dates saved to your customized campaign.', 'success');
  };

  /** docs/product-spec.md section 4, "Buy now on product page": only this site goes to checkout, after asking. */
  const buyNow = () =>
    exclusive(async () => {
      if (!hasDates) {
        await alert(PRODUCT_DATES_ALERT);
        return;
      }
      const question = replaceQuestion(cartStore.get(), customizedCampaignStore.get());
      if (isAuthenticated && question && !(await confirm(question, 'Replace your cart?'))) return;
      const campaign = await createSiteCampaign();
      if (!campaign) return;
      setDraft(emptyCustomizedCampaign());
      setCampaigns((list) => upsertById(list, campaign));
      setCart([campaign]);
      navigate('/user-details');
    });

  return { range, setRange, hasDates, inCart, toggleCart, save, buyNow, buying: working, stored };
}
