import {
  ADVERTISING_SAC,
  amountInWords,
  formatBookingPeriod,
  formatDateIst,
  formatPaise,
  GST_RATE_PERCENT,
  stateWithCode,
} from '@ooh/shared';
import { type PdfDoc, renderPdf } from '../../lib/pdf/pdf-document.ts';
import { renderCached } from '../../lib/pdf/render-cache.ts';

/** Everything a tax document shows (tax invoice, proforma; credit notes may reuse it). */
export interface TaxDocument {
  /** "Tax invoice", "Proforma invoice / Quotation". */
  title: string;
  /** "Invoice no." and its value; absent for a proforma. */
  number?: { label: string; value: string };
  date: Date;
  seller: { name: string; address: string; gstin: string; state: string };
  /** Null on a proforma asked for without an account. */
  buyer: {
    name: string | null;
    company: string | null;
    addressLines: string[];
    gstin: string | null;
    /** A quotation asked for without an account: its GSTIN is not known, not "Unregistered". */
    gstinUnknown?: boolean;
  } | null;
  /** The billing state; null while unknown (then the taxes are an estimate). */
  placeOfSupply: string | null;
  lines: {
    description: string;
    detail: string;
    fromDate: string;
    toDate: string;
    days: number;
    amountPaise: number;
  }[];
  taxes: {
    subtotalPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
    kind: 'intra' | 'inter' | 'estimate';
  };
  /** Closing notes (validity of a quotation, "computer generated"...). */
  notes: string[];
  /** The service's SAC and what it is (default: advertising space, 998366). */
  sac?: { code: string; label: string };
  /** The recipient's heading (default "Bill to"). */
  recipientLabel?: string;
  /** The lines' first column heading (default "Site"). */
  descriptionLabel?: string;
}

const sacOf = (d: TaxDocument) => d.sac ?? { code: ADVERTISING_SAC, label: 'advertising space' };

/** Ranges are half-open [from, to): the one India formatter shows the last day, the one before to_date. */
const range = (from: string, to: string) => formatBookingPeriod(from, to, { withDays: false });

const GREY = '#555555';

/** One A4 tax document in the embedded font (₹), as GST rule 46 lists its particulars. */
/**
 * renderTaxDocument through the content cache: the document is keyed by what it prints (the date as its
 * day), so the same quotation asked for again the same day is not drawn again (decision 041).
 */
export function renderTaxDocumentCached(d: TaxDocument): Promise<Buffer> {
  return renderCached('tax-document', { ...d, date: formatDateIst(d.date) }, () => renderTaxDocument(d));
}

export function renderTaxDocument(d: TaxDocument): Promise<Buffer> {
  return renderPdf({ title: `${d.title}${d.number ? ` ${d.number.value}` : ''}` }, (doc) => {
    header(doc, d);
    parties(doc, d);
    linesTable(doc, d);
    totals(doc, d);
    doc.moveDown(1).font('regular').fontSize(8).fillColor(GREY);
    for (const note of d.notes) doc.text(note, { width: contentWidth(doc) });
  });
}

const contentWidth = (doc: PdfDoc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function header(doc: PdfDoc, d: TaxDocument) {
  const left = doc.page.margins.left;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('black')
    .text(d.title.toUpperCase(), left, doc.y, { align: 'center' });
  doc.moveDown(0.5);
  const top = doc.y;
  doc.font('bold').fontSize(11).text(d.seller.name, left, top, { width: 300 });
  doc.font('regular').fontSize(9).text(d.seller.address, { width: 300 });
  doc.text(`GSTIN: ${d.seller.gstin}`);
  doc.text(`State: ${stateWithCode(d.seller.state)}`);
  const after = doc.y;
  const right = left + 320;
  doc.fontSize(9);
  if (d.number) doc.font('bold').text(`${d.number.label}: ${d.number.value}`, right, top, { width: 200 });
  doc
    .font('regular')
    .text(`Date: ${formatDateIst(d.date)}`, right, d.number ? undefined : top, { width: 200 });
  doc.text(`SAC: ${sacOf(d).code} (${sacOf(d).label})`, { width: 200 });
  doc.text(
    `Place of supply: ${d.placeOfSupply ? stateWithCode(d.placeOfSupply) : 'to be confirmed (billing state)'}`,
    { width: 200 },
  );
  // CGST Rule 46(p): whether tax is payable on reverse charge. Neither advertising space nor the
  // marketplace's commission is a reverse-charge supply (Notification 13/2017-CT(R) lists neither).
  doc.text('Reverse charge: No', { width: 200 });
  doc.y = Math.max(after, doc.y) + 8;
  doc.x = left;
}

function parties(doc: PdfDoc, d: TaxDocument) {
  const left = doc.page.margins.left;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(d.recipientLabel ?? 'Bill to', left);
  doc.font('regular');
  if (!d.buyer) {
    doc.fillColor(GREY).text('Not named (quotation).').fillColor('black');
  } else {
    for (const l of [d.buyer.name, d.buyer.company, ...d.buyer.addressLines].filter(Boolean))
      doc.text(l as string);
    doc.text(`GSTIN: ${d.buyer.gstin ?? (d.buyer.gstinUnknown ? 'not given' : 'Unregistered')}`);
  }
  doc.moveDown(0.8);
}

const COLS = [
  { key: 'no', label: '#', width: 22 },
  { key: 'site', label: 'Site', width: 205 },
  { key: 'dates', label: 'Dates', width: 140 },
  { key: 'sac', label: 'SAC', width: 50 },
  { key: 'amount', label: 'Taxable value', width: 82 },
] as const;

function row(doc: PdfDoc, cells: string[], bold = false) {
  const left = doc.page.margins.left;
  const top = doc.y;
  let x = left;
  let bottom = top;
  doc
    .font(bold ? 'bold' : 'regular')
    .fontSize(8.5)
    .fillColor('black');
  cells.forEach((c, i) => {
    const w = COLS[i].width;
    doc.text(c, x + 2, top, { width: w - 4, align: i === COLS.length - 1 ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
    x += w;
  });
  doc.y = bottom + 4;
  doc.x = left;
}

function linesTable(doc: PdfDoc, d: TaxDocument) {
  const left = doc.page.margins.left;
  row(
    doc,
    COLS.map((c) => (c.key === 'site' ? (d.descriptionLabel ?? c.label) : c.label)),
    true,
  );
  d.lines.forEach((l, i) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) {
      doc.addPage();
      row(
        doc,
        COLS.map((c) => (c.key === 'site' ? (d.descriptionLabel ?? c.label) : c.label)),
        true,
      );
    }
    row(doc, [
      String(i + 1),
      `${l.description}\n${l.detail}`,
      `${range(l.fromDate, l.toDate)}\n(${l.days} day${l.days === 1 ? '' : 's'})`,
      sacOf(d).code,
      formatPaise(l.amountPaise),
    ]);
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + contentWidth(doc), doc.y - 2)
      .strokeColor('#eeeeee')
      .stroke();
  });
}

function totals(doc: PdfDoc, d: TaxDocument) {
  const t = d.taxes;
  const rows: [string, number][] = [['Taxable value (subtotal)', t.subtotalPaise]];
  if (t.kind === 'intra') {
    rows.push(
      [`CGST @ ${GST_RATE_PERCENT / 2}%`, t.cgstPaise],
      [`SGST @ ${GST_RATE_PERCENT / 2}%`, t.sgstPaise],
    );
  } else if (t.kind === 'inter') {
    rows.push([`IGST @ ${GST_RATE_PERCENT}%`, t.igstPaise]);
  } else {
    rows.push([`GST @ ${GST_RATE_PERCENT}% (estimate: CGST + SGST or IGST by billing state)`, t.igstPaise]);
  }
  if (doc.y > doc.page.height - doc.page.margins.bottom - 140) doc.addPage();
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.moveDown(0.5);
  for (const [label, paise] of rows) totalRow(doc, label, paise, false, left, width);
  totalRow(doc, 'Total payable', t.totalPaise, true, left, width);
  doc
    .moveDown(0.3)
    .font('regular')
    .fontSize(9)
    .text(`Amount in words: ${amountInWords(t.totalPaise)}`, left, doc.y, { width });
}

function totalRow(doc: PdfDoc, label: string, paise: number, bold: boolean, left: number, width: number) {
  const top = doc.y;
  doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 10.5 : 9);
  doc.text(label, left + width - 400, top, { width: 300, align: 'right' });
  const labelBottom = doc.y;
  doc.text(formatPaise(paise), left + width - 100, top, { width: 100, align: 'right' });
  doc.y = Math.max(labelBottom, doc.y) + 2;
  doc.x = left;
}
