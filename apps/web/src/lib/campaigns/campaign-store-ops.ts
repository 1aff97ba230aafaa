import {
  type CampaignProductEntry,
  campaignLinePaise,
  campaignPricePaise,
  type IsoDate,
  toRupees,
} from '@ooh/shared';
import type { StoredCampaign } from '../stores';

export { toStoredCampaign } from '../stores';

/**
 * Pure operations on the campaignData and cart stores (docs/product-spec.md sections 3 and 4), shared by the campaign
 * page and the product pages so both read the rules the same way.
 */

export const MISSING_DATES_ALERT = 'Please select the date for all products in this campaign.';

export interface DateRangeValue {
  from_date: IsoDate | null;
  to_date: IsoDate | null;
}

/** Every product has both dates (the condition for Save, Add to Cart and Buy Now). */
export const allProductsDated = (products: readonly CampaignProductEntry[]): boolean =>
  products.length > 0 && products.every((p) => Boolean(p.from_date && p.to_date));

/** Replaces any entry with the same id, or appends. */
export function upsertById<T extends { id: number }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((c) => c.id === item.id);
  if (at === -1) return [...list, item];
  const next = [...list];
  next[at] = item;
  return next;
}

export const isInCart = (cart: readonly StoredCampaign[], id: number): boolean =>
  cart.some((c) => c.id === id);

/**
 * Remove takes out that one campaign, by id (docs/product-rules.md section 3a: the product spec's "every customized campaign"
 * deleted work the buyer never asked to delete).
 */
export function removeFromCart(cart: readonly StoredCampaign[], campaign: Pick<StoredCampaign, 'id'>) {
  return cart.filter((c) => c.id !== campaign.id);
}

const linesOf = (products: readonly CampaignProductEntry[]) =>
  products.map((e) => ({
    price: e.product.price,
    booking_duration: e.product.booking_duration,
    from_date: e.from_date,
    to_date: e.to_date,
  }));

/**
 * Each entry's price in rupees as its campaign is booked: by its dates, or without dates for the
 * campaign's minimum run (campaignLinePaise), so the prices shown add up to what the campaign costs.
 */
export const entryPricesRupees = (products: readonly CampaignProductEntry[]): number[] =>
  campaignLinePaise(linesOf(products)).map(toRupees);

export const campaignTotalRupees = (products: readonly CampaignProductEntry[]): number =>
  toRupees(campaignPricePaise(linesOf(products)));

/** Recomputes each entry's price and the total after a date change. */
export function withPrices(campaign: StoredCampaign): StoredCampaign {
  const prices = entryPricesRupees(campaign.products);
  const products = campaign.products.map((e, i) => ({ ...e, price: prices[i] }));
  return { ...campaign, products, price: campaignTotalRupees(products), total_locations: products.length };
}

export function setProductDates(
  campaign: StoredCampaign,
  productId: number,
  range: DateRangeValue,
): StoredCampaign {
  return withPrices({
    ...campaign,
    products: campaign.products.map((e) => (e.product.id === productId ? { ...e, ...range } : e)),
  });
}

export function setAllDates(campaign: StoredCampaign, range: DateRangeValue): StoredCampaign {
  return withPrices({ ...campaign, products: campaign.products.map((e) => ({ ...e, ...range })) });
}

/**
 * Dates kept from an earlier visit may have slipped into the past: a range that no longer starts at least
 * 7 days from today is dropped, so the user picks again instead of meeting a refusal at checkout.
 */
export function dropStaleDates(campaign: StoredCampaign, earliestStart: IsoDate): StoredCampaign {
  const stale = (e: CampaignProductEntry) => Boolean(e.from_date && e.from_date < earliestStart);
  if (!campaign.products.some(stale)) return campaign;
  return withPrices({
    ...campaign,
    products: campaign.products.map((e) => (stale(e) ? { ...e, from_date: null, to_date: null } : e)),
  });
}

/**
 * A fresh copy from the server keeps the dates the user already chose in the stored working copy (for the
 * sites both have); server dates fill the rest.
 */
export function mergeWorkingDates(fresh: StoredCampaign, stored: StoredCampaign | undefined): StoredCampaign {
  if (!stored) return withPrices(fresh);
  const byProduct = new Map(stored.products.map((e) => [e.product.id, e]));
  return withPrices({
    ...fresh,
    products: fresh.products.map((e) => {
      const mine = byProduct.get(e.product.id);
      return mine?.from_date ? { ...e, from_date: mine.from_date, to_date: mine.to_date ?? null } : e;
    }),
  });
}
