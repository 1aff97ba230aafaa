import {
  AVAILABILITY_MAX_ENTRIES,
  type CampaignProductEntry,
  type CampaignProductSnapshot,
  campaignLinePaise,
  campaignPricePaise,
  campaignTitle,
  daysBetween,
  earliestStartDate,
  type IsoDate,
  linePricePaise,
  type Product,
  parseBookingDuration,
  toRupees,
} from '@ooh/shared';
import type { CustomizedCampaignDraft } from '../stores';

/**
 * Pure operations on the customized campaign kept in browser storage (docs/product-spec.md sections 3 and 4). Entries
 * stay sorted by product id and each carries its own price, recomputed whenever its dates change.
 */

export interface DateRange {
  from_date: IsoDate | null;
  to_date: IsoDate | null;
}

export const NO_DATES: DateRange = { from_date: null, to_date: null };

/** Dates kept from earlier in the session, unless their start has slipped inside the 7 days' notice. */
export function usableDates(range: DateRange, earliest: IsoDate = earliestStartDate()): DateRange {
  return range.from_date && range.from_date < earliest ? NO_DATES : range;
}

export const toSnapshot = (p: Product | CampaignProductSnapshot): CampaignProductSnapshot => ({
  id: p.id,
  product_id: p.product_id ?? null,
  name: p.name,
  price: p.price,
  unavailable_dates: p.unavailable_dates,
  booking_duration: p.booking_duration,
  images: p.images,
  image_size: p.image_size ?? null,
  latitude: p.latitude ?? null,
  longitude: p.longitude ?? null,
  // What the plan figures read (decision 080).
  category: p.category ?? null,
  city: p.city ?? null,
  audience: p.audience ?? null,
});

const linePrice = (entry: Pick<CampaignProductEntry, 'product' | 'from_date' | 'to_date'>) =>
  toRupees(
    linePricePaise({
      price: entry.product.price,
      booking_duration: entry.product.booking_duration,
      from_date: entry.from_date,
      to_date: entry.to_date,
    }),
  );

/**
 * Whether the page's dates suit this site: at least its minimum booking, and none of its unavailable days
 * inside [from, to). A site needing 30 days does not take a 7-day range; it is added without dates and its
 * own pickers in the preview ask for them.
 */
export function rangeFitsSite(p: Product | CampaignProductSnapshot, range: DateRange | undefined): boolean {
  const { from_date: from, to_date: to } = range ?? NO_DATES;
  if (!from || !to || daysBetween(from, to) < parseBookingDuration(p.booking_duration)) return false;
  return !p.unavailable_dates.some((d) => d >= from && d < to);
}

export function toEntry(p: Product | CampaignProductSnapshot, range?: DateRange): CampaignProductEntry {
  const dates =
    range && rangeFitsSite(p, range) ? { from_date: range.from_date, to_date: range.to_date } : NO_DATES;
  const entry = { ...dates, product: toSnapshot(p) };
  return { ...entry, price: linePrice(entry) };
}

export const byProductId = (a: CampaignProductEntry, b: CampaignProductEntry) => a.product.id - b.product.id;

export const hasProduct = (draft: CustomizedCampaignDraft, productId: number): boolean =>
  draft.products.some((e) => e.product.id === productId);

/** Adds the sites not already in the campaign (those keep their entry and dates). */
export function addProducts(
  draft: CustomizedCampaignDraft,
  products: ReadonlyArray<Product | CampaignProductSnapshot>,
  range?: DateRange,
): CustomizedCampaignDraft {
  const present = new Set(draft.products.map((e) => e.product.id));
  const added: CampaignProductEntry[] = [];
  for (const p of products) {
    if (present.has(p.id)) continue;
    present.add(p.id);
    added.push(toEntry(p, range));
  }
  if (added.length === 0) return draft;
  return { ...draft, products: [...draft.products, ...added].sort(byProductId) };
}

export function removeProducts(
  draft: CustomizedCampaignDraft,
  productIds: Iterable<number>,
): CustomizedCampaignDraft {
  const gone = new Set(productIds);
  const products = draft.products.filter((e) => !gone.has(e.product.id));
  return products.length === draft.products.length ? draft : { ...draft, products };
}

/** The card's Add/Remove toggle. */
export function toggleProduct(
  draft: CustomizedCampaignDraft,
  product: Product | CampaignProductSnapshot,
  range?: DateRange,
): CustomizedCampaignDraft {
  return hasProduct(draft, product.id)
    ? removeProducts(draft, [product.id])
    : addProducts(draft, [product], range);
}

/** Every product the filters and search match (GET /product/ids). */
export interface MatchingIds {
  count: number;
  ids: readonly number[];
}

/**
 * "Select all products" shows checked exactly when every matching site (all pages) is in the campaign,
 * whatever other sites it also holds (docs/product-rules.md section 3a).
 */
export function isAllSelected(draft: CustomizedCampaignDraft, matching: MatchingIds | undefined): boolean {
  if (!matching || matching.count === 0 || matching.ids.length < matching.count) return false;
  const present = new Set(draft.products.map((e) => e.product.id));
  return matching.ids.every((id) => present.has(id));
}

/**
 * Why every match cannot be selected, or null when it can: a campaign holds at most
 * AVAILABILITY_MAX_ENTRIES sites, the sites it has included.
 */
export function selectAllProblem(draft: CustomizedCampaignDraft, matching: MatchingIds): string | null {
  const present = new Set(draft.products.map((e) => e.product.id));
  const adding = matching.ids.filter((id) => !present.has(id)).length;
  const total = draft.products.length + adding + (matching.count - matching.ids.length);
  if (total <= AVAILABILITY_MAX_ENTRIES) return null;
  return (
    `A campaign holds at most ${AVAILABILITY_MAX_ENTRIES} sites, and selecting all ${matching.count} ` +
    `results would make it ${total}. Narrow the filters or search, then select all again.`
  );
}

/** Checking adds the given sites (skipping present ones); unchecking removes them. */
export function selectAll(
  draft: CustomizedCampaignDraft,
  listed: ReadonlyArray<Product>,
  checked: boolean,
  range?: DateRange,
): CustomizedCampaignDraft {
  return checked
    ? addProducts(draft, listed, range)
    : removeProducts(
        draft,
        listed.map((p) => p.id),
      );
}

export const renameDraft = (draft: CustomizedCampaignDraft, name: string): CustomizedCampaignDraft => ({
  ...draft,
  name,
});

export function setProductDates(
  draft: CustomizedCampaignDraft,
  productId: number,
  range: DateRange,
): CustomizedCampaignDraft {
  return {
    ...draft,
    products: draft.products.map((e) => (e.product.id === productId ? withDates(e, range) : e)),
  };
}

/** The whole-campaign pickers: every site gets the same dates. */
export function setAllDates(draft: CustomizedCampaignDraft, range: DateRange): CustomizedCampaignDraft {
  return { ...draft, products: draft.products.map((e) => withDates(e, range)) };
}

function withDates(entry: CampaignProductEntry, range: DateRange): CampaignProductEntry {
  const next = { ...entry, from_date: range.from_date, to_date: range.to_date };
  return { ...next, price: linePrice(next) };
}

const draftLines = (draft: CustomizedCampaignDraft) =>
  draft.products.map((e) => ({
    price: e.product.price,
    booking_duration: e.product.booking_duration,
    from_date: e.from_date,
    to_date: e.to_date,
  }));

/**
 * Each site's price in rupees as the campaign is booked: by its dates, or without dates for the campaign's
 * minimum run (campaignLinePaise), the same rule as every campaign price shown.
 */
export const draftLinePrices = (draft: CustomizedCampaignDraft): number[] =>
  campaignLinePaise(draftLines(draft)).map(toRupees);

export const draftTotal = (draft: CustomizedCampaignDraft): number =>
  toRupees(campaignPricePaise(draftLines(draft)));

export const allDated = (draft: CustomizedCampaignDraft): boolean =>
  draft.products.length > 0 && draft.products.every((e) => Boolean(e.from_date && e.to_date));

/** The name the server gets: blank falls back to the default (docs/product-spec.md section 3). */
export const draftName = (draft: CustomizedCampaignDraft): string => campaignTitle(draft.name);
