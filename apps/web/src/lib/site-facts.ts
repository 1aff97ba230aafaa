import { formatRupees, parseBookingDuration } from '@ooh/shared';

/**
 * How a site's facts are written wherever a site is shown (docs/product-rules.md section 3a): the daily price always
 * with the minimum booking, and only real data - a size the catalogue does not state is not shown.
 */

/** "min. 30 days": the site's minimum booking. */
export function minimumBookingText(bookingDuration: unknown): string {
  const days = parseBookingDuration(bookingDuration);
  return `min. ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "₹16,500/day · min. 30 days". */
export function dailyPriceText(price: number, bookingDuration: unknown): string {
  return `${formatRupees(price)}/day · ${minimumBookingText(bookingDuration)}`;
}

/** "Size: 40 x 20 ft" from the site's own size, or null when the catalogue does not state one. */
export function sizeText(imageSize: string | null | undefined): string | null {
  const size = imageSize?.trim();
  return size ? `Size: ${size}` : null;
}
