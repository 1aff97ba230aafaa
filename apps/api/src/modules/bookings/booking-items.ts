import {
  type BookingDateItem,
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  daysBetween,
  formatDateTimeIst,
  type PriceLine,
  type UnavailableItem,
  type UnavailableReason,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { takenRanges } from '../orders/booking-reads.service.ts';
import { type PricingInput, priceLines, rateCardOf } from '../pricing/pricing.service.ts';
import { findCampaignsForBooking, findProductsForBooking } from './bookings.repository.ts';

export interface Problem extends UnavailableItem {
  /** Position of the line in the request. */
  idx: number;
}

export interface PricedItem {
  productId: number;
  productName: string;
  campaignId: number | null;
  campaignName: string;
  customized: boolean;
  fromDate: string;
  toDate: string;
  days: number;
  pricePaise: number;
  /** How pricePaise was reached (rate card, seasons, volume discount), stored with the line. */
  priceLines: PriceLine[];
}

export interface Inspection {
  /** Every line that cannot be booked, in request order; 'booked' only when `checkTaken` is set. */
  problems: Problem[];
  /** The priced lines (meaningful only when there are no problems). */
  items: PricedItem[];
}

const MESSAGES: Record<Exclude<UnavailableReason, keyof typeof DATE_RANGE_MESSAGES>, string> = {
  booked: 'This site is already booked or being booked for some of these dates.',
  on_hold:
    "Another buyer holds this site for some of these dates. Ask for the dates on the site's page, or choose other dates.",
  overlaps_cart_item: 'This site appears more than once with overlapping dates.',
  not_found: 'This site does not exist.',
  not_listed: 'This site is not taking bookings right now.',
  campaign_not_found: 'The campaign of this line does not exist.',
};

export const reasonMessage = (reason: UnavailableReason): string =>
  reason in DATE_RANGE_MESSAGES
    ? DATE_RANGE_MESSAGES[reason as keyof typeof DATE_RANGE_MESSAGES]
    : MESSAGES[reason as keyof typeof MESSAGES];

/**
 * Checks cart lines by the shared rules (docs/product-rules.md section 3) and prices them by the rate cards
 * and their owners' rules (pricing module, decision 081).
 * A customized campaign counts only for its owner; `userId` null (a visitor) accepts any existing campaign,
 * since validating a cart reveals nothing about it.
 */
export async function inspectItems(
  db: Db,
  lines: BookingDateItem[],
  opts: { now: Date; userId: number | null; strictCampaignOwner: boolean; checkTaken: boolean },
): Promise<Inspection> {
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const campaignIds = [...new Set(lines.map((l) => l.campaign_id).filter((id): id is number => id != null))];
  const [productRows, campaignRows] = await Promise.all([
    findProductsForBooking(db, productIds),
    findCampaignsForBooking(db, campaignIds),
  ]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const campaignsById = new Map(
    campaignRows
      .filter((c) => !opts.strictCampaignOwner || c.type === 'standard' || c.userId === opts.userId)
      .map((c) => [c.id, c]),
  );

  const problems: Problem[] = [];
  const items: Omit<PricedItem, 'pricePaise' | 'priceLines'>[] = [];
  const toPrice: PricingInput[] = [];
  const flag = (idx: number, reason: UnavailableReason) => {
    const line = lines[idx];
    problems.push({
      idx,
      product_id: line.product_id,
      name: productsById.get(line.product_id)?.name ?? null,
      from_date: line.from_date,
      to_date: line.to_date,
      reason,
      message: reasonMessage(reason),
    });
  };

  for (const [idx, line] of lines.entries()) {
    const product = productsById.get(line.product_id);
    if (!product) {
      flag(idx, 'not_found');
      continue;
    }
    // Only live sites are booked (docs/product-rules.md section 8); a paused one keeps the bookings it has.
    if (product.status !== 'live') {
      flag(idx, 'not_listed');
      continue;
    }
    const campaign = line.campaign_id != null ? campaignsById.get(line.campaign_id) : undefined;
    if (line.campaign_id != null && !campaign) {
      flag(idx, 'campaign_not_found');
      continue;
    }
    const rangeProblem = checkBookingRange(line.from_date, line.to_date, product.minDays, opts.now);
    if (rangeProblem) {
      flag(idx, rangeProblem);
      continue;
    }
    const clash = lines.findIndex(
      (other, j) =>
        j < idx &&
        other.product_id === line.product_id &&
        other.from_date < line.to_date &&
        line.from_date < other.to_date,
    );
    if (clash >= 0) {
      flag(idx, 'overlaps_cart_item');
      continue;
    }
    items.push({
      productId: product.id,
      productName: product.name,
      campaignId: campaign?.id ?? null,
      campaignName: campaign?.name ?? product.name,
      customized: campaign ? campaign.type === 'customized' : (line.customized ?? false),
      fromDate: line.from_date,
      toDate: line.to_date,
      days: daysBetween(line.from_date, line.to_date),
    });
    toPrice.push({
      productId: product.id,
      ownerId: product.mediaOwnerId,
      card: rateCardOf(product),
      fromDate: line.from_date,
      toDate: line.to_date,
    });
  }
  // The lines are priced together: an owner's volume discount depends on its other lines in the order.
  const prices = await priceLines(db, toPrice);
  const priced: PricedItem[] = items.map((item, i) => ({
    ...item,
    pricePaise: prices[i].totalPaise,
    priceLines: prices[i].lines,
  }));

  if (opts.checkTaken) {
    const flagged = new Set(problems.map((p) => p.idx));
    const candidates = lines
      .map((l, idx) => ({ idx, product_id: l.product_id, from_date: l.from_date, to_date: l.to_date }))
      .filter((r) => !flagged.has(r.idx));
    const taken = await takenRanges(db, candidates, opts.now, opts.userId);
    for (const [idx, { heldUntil }] of taken) {
      if (!heldUntil) flag(idx, 'booked');
      else {
        flag(idx, 'on_hold');
        const problem = problems[problems.length - 1];
        problem.held_until = heldUntil.toISOString();
        problem.message = `Another buyer holds this site for some of these dates until ${formatDateTimeIst(heldUntil)} IST. Ask for the dates on the site's page, or choose other dates.`;
      }
    }
    problems.sort((a, b) => a.idx - b.idx);
  }
  return { problems, items: priced };
}
