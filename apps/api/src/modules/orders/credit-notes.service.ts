import type { AppDeps } from '../../app.ts';
import { notFound } from '../../lib/errors.ts';
import { renderCreditNote } from './credit-note.pdf.ts';
import { findBuyer, findInvoiceNumber, findOrder, findOrderLines, findRefund } from './refunds.repository.ts';

/**
 * GET /api/orders/{id}/credit-notes/{refundId}.pdf: for the order's buyer and operators; anyone else
 * (and a refund without a credit note) answers 404.
 */
export async function creditNotePdf(
  deps: Pick<AppDeps, 'database'>,
  viewer: { id: number; operator: boolean },
  orderId: number,
  refundId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const db = deps.database.db;
  const order = await findOrder(db, orderId);
  if (!order || (order.userId !== viewer.id && !viewer.operator)) throw notFound('Credit note');
  const refund = await findRefund(db, orderId, refundId);
  // Only money that has left gets a credit note (decision 036): numbered when the refund was processed.
  if (!refund?.creditNoteNumber || refund.status !== 'processed') throw notFound('Credit note');
  const [buyer, invoiceNumber, lines] = await Promise.all([
    findBuyer(db, order.userId),
    findInvoiceNumber(db, orderId),
    findOrderLines(db, orderId),
  ]);
  const billingName = order.billing?.name;
  const pdf = await renderCreditNote({
    number: refund.creditNoteNumber,
    issuedAt: refund.processedAt ?? refund.createdAt,
    status: refund.status,
    reason: refund.reason,
    amountPaise: refund.amountPaise,
    order,
    invoiceNumber,
    buyer: {
      name: billingName || `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`.trim(),
      company: buyer?.company ?? null,
    },
    lines: lines
      .filter((l) => refund.lineIds.includes(l.id))
      .map((l) => ({ site: l.productName, city: l.city, fromDate: l.fromDate, toDate: l.toDate })),
  });
  return { fileName: `${refund.creditNoteNumber.replaceAll('/', '-')}.pdf`, pdf };
}
