import type { AppDeps } from '../app-types.ts';
import { invoicePdf } from '../modules/invoices/invoices.service.ts';
import { invoicedOrder } from '../modules/orders/invoiced-order.service.ts';

/*
 * GET /api/orders/{id}/invoice.pdf in two steps (decision 072; issue 43: invoices reads no order table):
 * 1. orders reads the order's invoice row with the order (its taxes, billing snapshot, buyer) and its
 *    lines with their sites;
 * 2. invoices renders and signs the tax invoice from them, for the order's buyer or an operator (anyone
 *    else, or an order without an invoice, is a 404).
 */
export async function orderInvoicePdf(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  caller: { userId: number; operator: boolean },
  orderId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const found = await invoicedOrder(deps.database.db, orderId);
  return invoicePdf(deps, caller, found);
}
