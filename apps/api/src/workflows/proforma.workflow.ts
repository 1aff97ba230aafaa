import type { ProformaRequest } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { priceQuoteLines } from '../modules/bookings/bookings.service.ts';
import { proformaPdf } from '../modules/invoices/invoices.service.ts';

/*
 * POST /api/quotes/proforma.pdf in two steps (decision 072):
 * 1. bookings prices the cart by the rules and prices of /booking/book (a line breaking them is a 400);
 * 2. invoices renders those lines as the proforma, with GST by the billing state, billed to the signed-in buyer's profile.
 */
export async function proformaQuote(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  body: ProformaRequest,
  userId?: number,
): Promise<Buffer> {
  const items = await priceQuoteLines(deps, body.data);
  return proformaPdf(deps, body, items, userId);
}
