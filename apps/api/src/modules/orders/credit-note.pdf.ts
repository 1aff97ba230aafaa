import {
  formatBookingPeriod,
  formatDateIst,
  formatPaise,
  refundTaxablePaise,
  stateWithCode,
  toRupees,
} from '@ooh/shared';
import { renderPdf } from '../../lib/pdf/pdf-document.ts';

/**
 * What a credit note shows (docs/product-rules.md sections 10 and 14, GST rule 53): the seller's and the buyer's names,
 * addresses and GSTINs, the original invoice's number and date, the reason, the refund against the order.
 */
export interface CreditNoteData {
  seller: { name: string; address: string; gstin: string; state: string };
  invoice: { number: string; date: Date } | null;
  number: string;
  issuedAt: Date;
  status: 'pending' | 'processed' | 'failed';
  reason: string;
  amountPaise: number;
  order: {
    id: number;
    subtotalPaise: number;
    amountPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    placeOfSupply: string | null;
    buyerGstin: string | null;
  };
  buyer: { name: string; company: string | null; addressLines: string[] };
  /** Each line the refund names, with its part (paise with GST: refunds.line_parts, decision 065). */
  lines: {
    site: string;
    city: string;
    fromDate: string;
    toDate: string;
    paise: number;
    cancelled: boolean;
  }[];
}

/**
 * The taxable value and the taxes inside a GST-inclusive refund, in the order's own proportions: the
 * taxable part is `refundTaxablePaise` (rounded half up, the same figure the owners' statements
 * subtract) and the taxes take the rest, split as the order was taxed (CGST the lower half).
 */
export function splitRefund(amountPaise: number, order: CreditNoteData['order']) {
  const taxable = refundTaxablePaise(amountPaise, order.amountPaise, order.subtotalPaise);
  const tax = amountPaise - taxable;
  if (order.igstPaise > 0) return { taxable, cgst: 0, sgst: 0, igst: tax };
  if (order.cgstPaise + order.sgstPaise > 0) {
    const cgst = Math.floor(tax / 2);
    return { taxable, cgst, sgst: tax - cgst, igst: 0 };
  }
  return { taxable: amountPaise, cgst: 0, sgst: 0, igst: 0 };
}

export function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  return renderPdf({ title: `Credit note ${data.number}` }, (doc) => {
    const split = splitRefund(data.amountPaise, data.order);
    doc.font('bold').fontSize(18).text('Credit note');
    doc.font('bold').fontSize(11).moveDown(0.5).text(data.seller.name);
    doc.font('regular').fontSize(10).text(data.seller.address);
    doc.text(`GSTIN: ${data.seller.gstin}`);
    doc.text(`State: ${stateWithCode(data.seller.state)}`);
    doc.moveDown(0.5);
    doc.text(`Number: ${data.number}`);
    doc.text(`Date: ${formatDateIst(data.issuedAt)}`);
    doc.text(
      data.invoice
        ? `Against tax invoice ${data.invoice.number} of ${formatDateIst(data.invoice.date)} (order #${data.order.id})`
        : `Against order #${data.order.id}`,
    );
    doc.text(`Refund status: ${data.status}`);
    doc.moveDown();
    doc.font('bold').text('Issued to');
    doc.font('regular').text(data.buyer.name || 'Buyer');
    if (data.buyer.company) doc.text(data.buyer.company);
    for (const line of data.buyer.addressLines) doc.text(line);
    doc.text(`GSTIN: ${data.order.buyerGstin ?? 'Unregistered'}`);
    if (data.order.placeOfSupply) doc.text(`Place of supply: ${stateWithCode(data.order.placeOfSupply)}`);
    // CGST Rule 53(1A): a credit note carries the particulars of its invoice, reverse charge among them.
    doc.text('Reverse charge: No');
    doc.moveDown();
    doc.font('bold').text('Reason');
    doc.font('regular').text(data.reason);
    if (data.lines.length > 0) {
      // Every line the refund names and its part, so the buyer (and GST) sees what each board gave back.
      doc.moveDown();
      doc.font('bold').text('Refunded per line (SAC 998366, amounts with GST)');
      doc.font('regular');
      for (const l of data.lines)
        doc.text(
          `${l.site}, ${l.city}: ${formatBookingPeriod(l.fromDate, l.toDate)}${l.cancelled ? ' (cancelled)' : ''}: ${formatPaise(l.paise)}`,
        );
    }
    doc.moveDown();
    const row = (label: string, paise: number) => doc.text(`${label}: ${formatPaise(paise)}`);
    row('Taxable value', split.taxable);
    if (split.cgst || split.sgst) {
      row('CGST 9 %', split.cgst);
      row('SGST 9 %', split.sgst);
    }
    if (split.igst) row('IGST 18 %', split.igst);
    doc.font('bold');
    row('Total refunded', data.amountPaise);
    doc.font('regular').fontSize(8).moveDown();
    doc.text(`Amounts in Indian rupees. Total ${toRupees(data.amountPaise).toFixed(2)}.`);
    doc.text(
      `Digitally signed by ${data.seller.name} (Rule 53(1A) of the GST rules); open the PDF's signature panel to check it.`,
    );
  });
}
