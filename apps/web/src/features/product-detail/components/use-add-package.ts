import type { CreateCustomizedCampaignBody, ProductPackage } from '@ooh/shared';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { signInPath } from '../../../lib/auth/redirect-target';
import { toStoredCampaign, upsertById } from '../../../lib/campaigns/campaign-store-ops';
import { createCustomizedCampaign } from '../../../lib/campaigns/create-customized-campaign';
import { createActionKeys } from '../../../lib/idempotency';
import { useLocalStore } from '../../../lib/local-store';
import { campaignDataStore, cartStore, type StoredCampaign } from '../../../lib/stores';

/** The package as one campaign of the buyer: every site with the package's own dates. */
export function packageCampaignBody(deal: ProductPackage): CreateCustomizedCampaignBody {
  return {
    name: deal.name,
    products: deal.sites.map((s) => ({ product_id: s.id, from_date: deal.from_date, to_date: deal.to_date })),
  };
}

/**
 * Whether the cart already holds every site of the package for exactly its dates (in one campaign or
 * several): the server prices those lines as the package (decision 090) over the whole order, so adding
 * it again would only book the sites twice.
 */
export function packageInCart(cart: readonly StoredCampaign[], deal: ProductPackage): boolean {
  const lines = cart.flatMap((c) => c.products);
  return deal.sites.every((s) =>
    lines.some((e) => e.product.id === s.id && e.from_date === deal.from_date && e.to_date === deal.to_date),
  );
}

/**
 * "Add the package": one new campaign of the package's sites and dates, created on the server (so it
 * can be ordered; with an Idempotency-Key, one at a time) and put in the cart, where the server prices
 * it as the package. Signed out: to sign in, then back here.
 */
export function useAddPackage() {
  const [cart, setCart] = useLocalStore(cartStore);
  const [, setCampaigns] = useLocalStore(campaignDataStore);
  const { isAuthenticated } = useAuth();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const keys = useRef(createActionKeys());
  const [adding, setAdding] = useState<number | null>(null);

  const add = async (deal: ProductPackage) => {
    if (adding !== null) return;
    if (!isAuthenticated) {
      navigate(signInPath(location.pathname));
      return;
    }
    if (packageInCart(cartStore.get(), deal)) return;
    const body = packageCampaignBody(deal);
    setAdding(deal.id);
    try {
      const answer = await createCustomizedCampaign(body, keys.current.keyFor(JSON.stringify(body)));
      keys.current.done();
      const campaign = toStoredCampaign(answer.data);
      setCampaigns((list) => upsertById(list, campaign));
      setCart((c) => upsertById(c, campaign));
      notify(`The package ${deal.name} is in your cart.`, 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        notify(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error');
      }
    } finally {
      setAdding(null);
    }
  };

  return { cart, add, adding };
}
