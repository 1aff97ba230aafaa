import { parseBookingDuration } from './booking-duration.ts';
import { daysBetween, type IsoDate } from './dates.ts';

/** Money is kept as integer paise; the wire shows rupees as numbers (docs/product-spec.md section 3). */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

export interface PricedLine {
  /** Daily price of the site, in rupees. */
  price: number;
  booking_duration?: unknown;
  from_date?: IsoDate | null;
  to_date?: IsoDate | null;
}

/** Days a line is charged for: the days between its dates, or its minimum duration without dates. */
export function chargedDays(line: PricedLine): number {
  if (line.from_date && line.to_date) return daysBetween(line.from_date, line.to_date);
  return parseBookingDuration(line.booking_duration);
}

/** Line price in paise = daily price x days (docs/product-spec.md section 9). Integer arithmetic avoids float drift. */
export function linePricePaise(line: PricedLine): number {
  return toPaise(line.price) * chargedDays(line);
}

export function totalPricePaise(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => sum + linePricePaise(line), 0);
}

/**
 * The shortest run a campaign can be booked for with one date range: the longest minimum booking among
 * its sites (what the whole-campaign pickers allow, campaignPickerRules).
 */
export function campaignMinDays(lines: readonly Pick<PricedLine, 'booking_duration'>[]): number {
  return lines.reduce((max, line) => Math.max(max, parseBookingDuration(line.booking_duration)), 1);
}

/**
 * Line prices in paise of sites booked together as one campaign (docs/product-rules.md section 3a: a campaign's shown
 * price is what it costs). A dated line is priced by its dates; a line without dates for the campaign's
 * minimum run, since its sites are booked together for at least that long. A one-site campaign is its
 * site's own minimum, as linePricePaise.
 */
export function campaignLinePaise(lines: readonly PricedLine[]): number[] {
  const run = campaignMinDays(lines);
  return lines.map((line) =>
    line.from_date && line.to_date ? linePricePaise(line) : toPaise(line.price) * run,
  );
}

/** The campaign's price in paise: the sum of campaignLinePaise. */
export function campaignPricePaise(lines: readonly PricedLine[]): number {
  return campaignLinePaise(lines).reduce((sum, paise) => sum + paise, 0);
}
