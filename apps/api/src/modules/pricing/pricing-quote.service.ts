import {
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  type PriceBreakdown,
  type PriceQuery,
  priceLineToWire,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { findLiveRateCard } from './pricing.repository.ts';
import { priceLines, rateCardOf } from './pricing.service.ts';

/**
 * GET /api/product/{id}/price: what booking this live site for the range would cost on its own, line by
 * line, by the same rules /booking/book charges. A range the site cannot be booked for is a 400 naming why
 * (the schema has already refused a range that ends before it starts or spans more than a year).
 */
export async function quoteProduct(db: Db, now: Date, id: number, q: PriceQuery): Promise<PriceBreakdown> {
  const site = await findLiveRateCard(db, id);
  if (!site) throw notFound('Product');
  const problem = checkBookingRange(q.from_date, q.to_date, site.minDays, now);
  if (problem) {
    const message =
      problem === 'shorter_than_minimum'
        ? `This site's minimum booking is ${site.minDays} days.`
        : DATE_RANGE_MESSAGES[problem];
    throw new HttpError(400, problem, message, { to_date: message });
  }
  const [price] = await priceLines(db, [
    {
      productId: site.id,
      ownerId: site.mediaOwnerId,
      card: rateCardOf(site),
      fromDate: q.from_date,
      toDate: q.to_date,
    },
  ]);
  return {
    product_id: site.id,
    from_date: q.from_date,
    to_date: q.to_date,
    days: price.days,
    tier: price.tier,
    minimum_days: site.minDays,
    lines: price.lines.map(priceLineToWire),
    total: toRupees(price.totalPaise),
  };
}
