import type { AppDeps } from '../../app-types.ts';
import { notFound } from '../../lib/errors.ts';
import { signPdf } from '../../lib/pdf/pdf-signature.ts';
import { addressLines } from '../invoices/invoices.service.ts';
import { documentSigningIdentity } from '../secrets/secrets.service.ts';
import { renderCreditNote } from './credit-note.pdf.ts';
import { findInvoice } from './order-detail.repository.ts';
import { orderLedgerOf } from './order-ledger.service.ts';
import { findBuyer, findOrder, findOrderLines } from './refunds.repository.ts';

/**
 * GET /api/orders/{id}/credit-notes/{refundId}.pdf: for the order's buyer and operators; anyone else
 * (and a refund without a credit note) answers 404.
 */
export async function creditNotePdf(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  viewer: { id: number; operator: boolean },
  orderId: number,
  refundId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const db = deps.database.db;
  const order = await findOrder(db, orderId);
  if (!order || (order.userId !== viewer.id && !viewer.operator)) throw notFound('Credit note');
  // Read through the one ledger (decision 065): a payment reversal is not among the order's refunds, so
  // it never has a credit note; the refund's parts are the ledger's.
  const view = (await orderLedgerOf(db, orderId))?.refunds.find((v) => v.refund.id === refundId);
  const refund = view?.refund;
  // Only money that has left gets a credit note (decision 036): numbered when the refund was processed.
  if (!view || !refund?.creditNoteNumber || refund.status !== 'processed') throw notFound('Credit note');
  const [buyer, invoice, lines] = await Promise.all([
    findBuyer(db, order.userId),
    findInvoice(db, orderId),
    findOrderLines(db, orderId),
  ]);
  const billing = order.billing ?? {};
  const billingName = billing.name;
  const unsigned = await renderCreditNote({
    number: refund.creditNoteNumber,
    issuedAt: refund.processedAt ?? refund.createdAt,
    status: refund.status,
    reason: refund.reason,
    amountPaise: refund.amountPaise,
    order,
    // GST rules: the seller's and the buyer's names, addresses and GSTINs, the original invoice's number
    // and date, the reason (docs/decisions/039-seller-identity.md).
    seller: deps.config.company,
    invoice: invoice ? { number: invoice.number, date: invoice.issuedAt } : null,
    buyer: {
      name: billingName || `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`.trim(),
      company: billing.company || buyer?.company || null,
      addressLines: addressLines(billing),
    },
    lines: view.parts.flatMap((part) => {
      const l = lines.find((x) => x.id === part.lineId);
      return l
        ? [
            {
              site: l.productName,
              city: l.city,
              fromDate: l.fromDate,
              toDate: l.toDate,
              paise: part.paise,
              cancelled: refund.lineIds.includes(l.id),
            },
          ]
        : [];
    }),
  });
  // CGST Rule 53(1A): a credit note is signed as its invoice is.
  const pdf = await signPdf(
    unsigned,
    await documentSigningIdentity(deps),
    `Credit note ${refund.creditNoteNumber}`,
  );
  return { fileName: `${refund.creditNoteNumber.replaceAll('/', '-')}.pdf`, pdf };
}
