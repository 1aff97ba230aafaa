import {
  type BookingDateItem,
  type CampaignProductEntry,
  campaignLinePaise,
  daysBetween,
  type IsoDate,
  type PriceLineWire,
  type Product,
  campaignPricePaise as sharedCampaignPricePaise,
  toPaise,
  toRupees,
  type UnavailableItem,
} from '@ooh/shared';
import type { StoredCampaign } from '../stores';

/**
 * Pure rules of the cart (docs/product-spec.md sections 3, 4 and 9): prices from the shared pricing rule, the span and
 * duration of each campaign, the lines sent to /booking/validate and /booking/book, and store updates.
 * Money is summed in paise so rupee fractions never drift.
 */

const lineOf = (e: CampaignProductEntry) => ({
  price: e.product.price,
  booking_duration: e.product.booking_duration,
  from_date: e.from_date,
  to_date: e.to_date,
});

/** The server's price of an entry (POST /booking/validate) while its dates are the quoted ones, else null. */
const quotedPaise = (e: CampaignProductEntry): number | null =>
  e.quote && e.quote.from_date === e.from_date && e.quote.to_date === e.to_date
    ? toPaise(e.quote.price)
    : null;

/**
 * Each site's price in paise as its campaign is booked: the server's quote for its dates when the cart has
 * one (rate cards, seasons and volume discounts are the server's to apply, decision 081), else by its dates,
 * or without dates for the campaign's minimum run (campaignLinePaise), so the lines add up to the campaign's
 * price everywhere it is shown.
 */
/** The server's breakdown of an entry's price while its dates are the quoted ones, else null. */
export const quotedLines = (e: CampaignProductEntry): PriceLineWire[] | null =>
  quotedPaise(e) !== null && e.quote?.lines?.length ? e.quote.lines : null;

export const entryPricesPaise = (c: Pick<StoredCampaign, 'products'>): number[] => {
  const listed = campaignLinePaise(c.products.map(lineOf));
  return c.products.map((e, i) => quotedPaise(e) ?? listed[i]);
};

export const campaignPricePaise = (c: Pick<StoredCampaign, 'products'>): number =>
  c.products.some((e) => quotedPaise(e) !== null)
    ? entryPricesPaise(c).reduce((sum, p) => sum + p, 0)
    : sharedCampaignPricePaise(c.products.map(lineOf));

export const cartTotalPaise = (cart: readonly StoredCampaign[]): number =>
  cart.reduce((sum, c) => sum + campaignPricePaise(c), 0);

/** The total in rupees, as /booking/book takes it. */
export const cartTotalRupees = (cart: readonly StoredCampaign[]): number => toRupees(cartTotalPaise(cart));

export const isDated = (e: CampaignProductEntry): boolean => Boolean(e.from_date && e.to_date);

export interface CampaignSpan {
  from: IsoDate;
  /** Exclusive, as the pickers and the API use it. */
  to: IsoDate;
  days: number;
}

/** Earliest start to latest end of a campaign's sites; null unless every site has both dates. */
export function campaignSpan(c: Pick<StoredCampaign, 'products'>): CampaignSpan | null {
  if (!c.products.length || !c.products.every(isDated)) return null;
  let from = c.products[0].from_date as IsoDate;
  let to = c.products[0].to_date as IsoDate;
  for (const e of c.products) {
    if ((e.from_date as IsoDate) < from) from = e.from_date as IsoDate;
    if ((e.to_date as IsoDate) > to) to = e.to_date as IsoDate;
  }
  return { from, to, days: daysBetween(from, to) };
}

export interface UndatedLine {
  campaignId: number;
  campaignName: string;
  productName: string;
}

/** Sites that still need dates: the cart cannot be checked or ordered with them. */
export const undatedLines = (cart: readonly StoredCampaign[]): UndatedLine[] =>
  cart.flatMap((c) =>
    c.products
      .filter((e) => !isDated(e))
      .map((e) => ({ campaignId: c.id, campaignName: c.name, productName: e.product.name })),
  );

/** Every dated site of every campaign, as /booking/validate and /booking/book take them. */
export const bookingItems = (cart: readonly StoredCampaign[]): BookingDateItem[] =>
  cart.flatMap((c) =>
    c.products.filter(isDated).map((e) => ({
      from_date: e.from_date as IsoDate,
      to_date: e.to_date as IsoDate,
      product_id: e.product.id,
      campaign_id: c.id,
      customized: c.type === 'customized',
    })),
  );

/**
 * The cart with the server's prices (and their breakdowns, where given) for the lines `items` named (as `bookingItems` made them, in order):
 * each dated entry keeps its quote while its dates stay. Returns the same array when nothing changed, and
 * when the cart is no longer the one asked about (its lines changed meanwhile), so no quote lands on the
 * wrong line.
 */
export function withQuotes(
  cart: readonly StoredCampaign[],
  items: readonly BookingDateItem[],
  prices: readonly number[],
  lines?: readonly PriceLineWire[][],
): readonly StoredCampaign[] {
  if (prices.length !== items.length || JSON.stringify(bookingItems(cart)) !== JSON.stringify(items))
    return cart;
  let at = 0;
  let changed = false;
  const next = cart.map((c) => {
    let touched = false;
    const products = c.products.map((e) => {
      if (!isDated(e)) return e;
      const price = prices[at];
      const breakdown = lines?.[at];
      at++;
      if (
        e.quote &&
        quotedPaise(e) !== null &&
        e.quote.price === price &&
        JSON.stringify(e.quote.lines) === JSON.stringify(breakdown)
      )
        return e;
      touched = true;
      const quote = { from_date: e.from_date as IsoDate, to_date: e.to_date as IsoDate, price };
      return { ...e, quote: breakdown ? { ...quote, lines: breakdown } : quote };
    });
    if (!touched) return c;
    changed = true;
    return withPrices({ ...c, products });
  });
  return changed ? next : cart;
}

/** One cart line's key: its campaign, site and dates. */
export const lineKey = (campaignId: number, productId: number, from: string | null, to: string | null) =>
  `${campaignId}:${productId}:${from}:${to}`;

/**
 * The lines whose stored quote (the server's last price for the same dates, shown while it prices them
 * again) differs from the fresh answer, by lineKey, with the price the buyer saw (rupees): the cart says
 * the price was updated there. Lines without a stored quote had no price of the server's to move from.
 */
export function movedQuotes(
  cart: readonly StoredCampaign[],
  items: readonly BookingDateItem[],
  prices: readonly number[],
): Map<string, number> {
  const moved = new Map<string, number>();
  if (prices.length !== items.length || JSON.stringify(bookingItems(cart)) !== JSON.stringify(items))
    return moved;
  let at = 0;
  for (const c of cart) {
    for (const e of c.products) {
      if (!isDated(e)) continue;
      const price = prices[at++];
      const before = quotedPaise(e);
      if (before !== null && before !== toPaise(price)) {
        moved.set(lineKey(c.id, e.product.id, e.from_date, e.to_date), toRupees(before));
      }
    }
  }
  return moved;
}

/** Replaces any entry with the same id, or appends (docs/product-spec.md section 4, Add to cart). */
export function upsertById<T extends { id: number }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((c) => c.id === item.id);
  if (at === -1) return [...list, item];
  const next = [...list];
  next[at] = item;
  return next;
}

/**
 * Remove takes out that one campaign, by id (docs/product-rules.md section 3a: the product spec's "every customized campaign"
 * deleted work the buyer never asked to delete).
 */
export const removeFromCart = (cart: readonly StoredCampaign[], campaign: Pick<StoredCampaign, 'id'>) =>
  cart.filter((c) => c.id !== campaign.id);

/** Entry prices and the campaign total recomputed (after new dates or fresh daily prices). */
export function withPrices(c: StoredCampaign): StoredCampaign {
  const prices = entryPricesPaise(c);
  const products = c.products.map((e, i) => ({ ...e, price: toRupees(prices[i]) }));
  return {
    ...c,
    products,
    price: toRupees(campaignPricePaise({ products })),
    total_locations: products.length,
  };
}

/** New dates for one site of one campaign. */
export function setLineDates(
  c: StoredCampaign,
  productId: number,
  range: { from_date: IsoDate | null; to_date: IsoDate | null },
): StoredCampaign {
  return withPrices({
    ...c,
    products: c.products.map((e) => (e.product.id === productId ? { ...e, ...range } : e)),
  });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The cart with each site's snapshot refreshed from the catalogue (name, daily price, minimum booking and
 * unavailable dates), so the prices shown are the ones the server will charge. Returns the same array when
 * nothing changed, so a store write (and a re-render loop) only happens on a real change.
 */
export function refreshSnapshots(
  cart: readonly StoredCampaign[],
  fresh: ReadonlyMap<number, Product>,
): readonly StoredCampaign[] {
  let changed = false;
  const next = cart.map((c) => {
    let touched = false;
    const products = c.products.map((e) => {
      const p = fresh.get(e.product.id);
      if (
        !p ||
        (p.price === e.product.price &&
          p.name === e.product.name &&
          p.product_id === e.product.product_id &&
          String(p.booking_duration) === String(e.product.booking_duration) &&
          sameList(p.unavailable_dates, e.product.unavailable_dates ?? []))
      ) {
        return e;
      }
      touched = true;
      // A quote stays: it is the server's price of these dates, newer than any snapshot; if it moved since,
      // booking answers price_changed and the cart asks again.
      return {
        ...e,
        product: {
          ...e.product,
          product_id: p.product_id,
          name: p.name,
          price: p.price,
          booking_duration: p.booking_duration,
          unavailable_dates: p.unavailable_dates,
        },
      };
    });
    if (!touched) return c;
    changed = true;
    return withPrices({ ...c, products });
  });
  return changed ? next : cart;
}

/** A line /booking/validate refused, tied back to the campaign and site it came from. */
export interface CartProblem extends UnavailableItem {
  campaignId: number | null;
  campaignName: string | null;
}

/**
 * The validate answer names product and dates but not the campaign: the first cart line with the same
 * site and dates that is not matched yet is the one (the answer keeps request order).
 */
export function matchProblems(
  cart: readonly StoredCampaign[],
  items: readonly UnavailableItem[],
): CartProblem[] {
  const lines = cart.flatMap((c) => c.products.map((e) => ({ c, e, used: false })));
  return items.map((item) => {
    const line = lines.find(
      (l) =>
        !l.used &&
        l.e.product.id === item.product_id &&
        l.e.from_date === item.from_date &&
        l.e.to_date === item.to_date,
    );
    if (line) line.used = true;
    return { ...item, campaignId: line?.c.id ?? null, campaignName: line?.c.name ?? null };
  });
}

/** What the checkout hands back when sites were taken or a price moved while ordering. */
export interface CartArrivalState {
  notice?: string;
  /** Check the cart again on arrival, so the refused sites open with their pickers. */
  recheck?: boolean;
}
