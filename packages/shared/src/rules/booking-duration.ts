import { DEFAULT_BOOKING_DURATION_DAYS } from '../constants.ts';

/**
 * booking_duration arrives in three forms (docs/product-spec.md section 3): a number of days, text that starts with
 * a day count ("7 days"), or seconds where 86400 or more means days. Returns whole days, at least 1;
 * anything unreadable falls back to the 7-day default.
 */
export function parseBookingDuration(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    if (value >= 86_400) return Math.max(1, Math.ceil(value / 86_400));
    return Math.max(1, Math.ceil(value));
  }
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)/.exec(value);
    if (match) return parseBookingDuration(Number(match[1]));
  }
  return DEFAULT_BOOKING_DURATION_DAYS;
}
