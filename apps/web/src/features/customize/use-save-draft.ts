import type { Campaign } from '@ooh/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { signInPath } from '../../lib/auth/redirect-target';
import { allDated, draftName } from '../../lib/campaigns/campaign-draft';
import { createCustomizedCampaign } from '../../lib/campaigns/create-customized-campaign';
import { createActionKeys } from '../../lib/idempotency';
import { isSignedIn } from '../../lib/session';
import {
  type CustomizedCampaignDraft,
  campaignDataStore,
  cartStore,
  customizedCampaignStore,
  emptyCustomizedCampaign,
  toStoredCampaign,
} from '../../lib/stores';
import { saveCampaign } from './api/save-campaign';

export const MISSING_DATES_ALERT = 'Please select the date for all products in this campaign.';
export const PREVIEW_PATH = '/customized-campaign-preview';
export const REPLACE_CART_CONFIRM =
  'Buy Now checks out only this campaign and takes the other campaigns out of your cart. Continue?';

/** What happens after a successful save (docs/product-spec.md section 4). */
export type SaveIntent = 'save' | 'addToCart' | 'buyNow';

/**
 * Creates the campaign on the server, then saves it with its dates: the saved campaign. Both calls carry
 * `key`, so repeating the action (a retry after a lost answer) answers the same campaign.
 */
export async function persistDraft(draft: CustomizedCampaignDraft, key: string): Promise<Campaign> {
  const name = draftName(draft);
  const products = draft.products.map((e) => ({
    product_id: e.product.id,
    from_date: e.from_date,
    to_date: e.to_date,
  }));
  const created = await createCustomizedCampaign({ name, products }, key);
  const saved = await saveCampaign(
    {
      campaign_id: created.data.id,
      name,
      products: products.map((p) => ({ ...p, from_date: p.from_date ?? '', to_date: p.to_date ?? '' })),
    },
    key,
  );
  return saved.data;
}

/**
 * Save, Add to Cart and Buy Now of the preview. Each needs a token (else sign-in, coming back here) and
 * dates on every site (else the product spec's alert). On success the campaign joins campaignData, the draft goes
 * back to an empty Untitled Campaign, and the user moves on: to the campaign page (which adds it to the
 * cart once for addToCart) or, for Buy Now, to checkout with only this campaign in the cart.
 * `leaving` is set first so the preview does not mistake the emptied draft for "no products".
 * One action runs at a time: the buttons are disabled while it does, and a click that arrives before the
 * page has re-rendered is ignored (docs/product-rules.md section 3a).
 */
export function useSaveDraft() {
  const navigate = useNavigate();
  const { alert, confirm, notify } = useNotify();
  const leaving = useRef(false);
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const keys = useRef(createActionKeys());

  const run = async (intent: SaveIntent) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await runOnce(intent);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const runOnce = async (intent: SaveIntent) => {
    if (!isSignedIn()) {
      navigate(signInPath(PREVIEW_PATH));
      return;
    }
    const draft = customizedCampaignStore.get();
    if (!allDated(draft)) {
      await alert(MISSING_DATES_ALERT);
      return;
    }
    if (intent === 'buyNow' && cartStore.get().length > 0 && !(await confirm(REPLACE_CART_CONFIRM))) return;
    setSaving(true);
    let campaign: Campaign;
    try {
      campaign = await persistDraft(draft, keys.current.keyFor(JSON.stringify(draft)));
      keys.current.done();
    } catch (err) {
      // A 401 has already sent the user to sign in.
      if (!(err instanceof ApiError && err.status === 401)) {
        notify(err instanceof Error ? err.message : 'We could not save your campaign.', 'error');
      }
      return;
    }
    const stored = toStoredCampaign(campaign);
    leaving.current = true;
    campaignDataStore.set((list) =>
      list.some((c) => c.id === stored.id)
        ? list.map((c) => (c.id === stored.id ? stored : c))
        : [...list, stored],
    );
    if (intent === 'buyNow') {
      cartStore.set([stored]);
      navigate('/user-details');
    } else {
      navigate(`/campaign/${campaign.id}?from=${intent === 'addToCart' ? 'addToCart' : 'save'}`);
    }
    customizedCampaignStore.set(emptyCustomizedCampaign());
  };

  return { run, saving, leaving };
}
