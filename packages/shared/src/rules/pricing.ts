import { parseBookingDuration } from './booking-duration.ts';
import { daysBetween, type IsoDate } from './dates.ts';

/** Money is kept as integer paise; the wire shows rupees as numbers (SPEC section 3). */
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

/** Line price in paise = daily price x days (SPEC section 9). Integer arithmetic avoids float drift. */
export function linePricePaise(line: PricedLine): number {
  return toPaise(line.price) * chargedDays(line);
}

export function totalPricePaise(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => sum + linePricePaise(line), 0);
}

export function formatInr(rupees: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  }).format(rupees);
}
