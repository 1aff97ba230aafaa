import {
  formatBookingPeriod,
  formatDay,
  formatRupees,
  lastDayOf,
  type Statement,
  statementCommissionLabel,
} from '@ooh/shared';
import { csvFile } from '../../lib/csv.ts';
import { type PdfDoc, renderPdf } from '../../lib/pdf/pdf-document.ts';

const HEADER = [
  'Order',
  'Line',
  'Site code',
  'Site',
  'Campaign',
  'First day',
  // The JSON's to_date is exclusive; a spreadsheet reads the last day (docs/decisions/038-one-date-convention.md).
  'Last day',
  'Status',
  'Paid on',
  'Value excl. GST',
  'Refunds excl. GST',
  // DESIGN 18's figures, each as the line's payout recorded it this month (decision 093).
  'GST on supply',
  // The rate recorded with the line when it was paid (a later setting never changes a line's figures).
  'Commission %',
  'Commission',
  'GST on commission',
  'TCS',
  'TDS',
  // What moved to the owner this month for the line: transfer less reversals and recoveries.
  'Payout',
];

const money = (rupees: number) => rupees.toFixed(2);

/** The statement as CSV (lib/csv.ts: UTF-8 with a BOM): one row per line, then the totals apart. */
export function statementCsv(s: Statement): string {
  const rows = s.lines.map((l) => [
    l.order_id,
    l.line_id,
    l.site.code,
    l.site.name,
    l.campaign_name,
    l.from_date,
    lastDayOf(l.to_date),
    // The line's status word as the API answers it (statements JSON `status`).
    l.status,
    l.paid_on,
    money(l.value),
    money(l.refunds),
    money(l.gst_on_supply),
    l.commission_percent,
    money(l.commission),
    money(l.commission_gst),
    money(l.tcs),
    money(l.tds),
    money(l.payout),
  ]);
  // The totals stand apart: a blank line, then their own section with its own header, never a data row
  // that a sum or a filter over the lines would take in.
  const totals = [
    ['Totals', 'Amount'],
    ['Total value excl. GST', money(s.totals.value)],
    ['Refunds excl. GST', money(s.totals.refunds)],
    ['GST on supply', money(s.totals.gst_on_supply)],
    [statementCommissionLabel(s), money(s.totals.commission)],
    ['GST on commission', money(s.totals.commission_gst)],
    ['TCS (CGST Act s.52)', money(s.totals.tcs)],
    ['TDS (Income-tax Act s.194-O)', money(s.totals.tds)],
    ['Payout due', money(s.totals.payout)],
  ];
  return csvFile([HEADER, ...rows, [], ...totals]);
}

/** Who issues the statement and to whom (issue 22): the marketplace's letterhead and both GSTINs. */
export interface StatementParties {
  company: { name: string; address: string; gstin: string };
  ownerGstin: string;
}

/** "1 Nov 2026 - 30 Nov 2026" for "2026-11". */
function periodOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${formatDay(`${month}-01`)} - ${formatDay(`${month}-${String(last).padStart(2, '0')}`)}`;
}

/** The PDF's columns (landscape A4, 746 pt between the margins): widths in points, money right-aligned. */
const PDF_COLS = [
  { label: 'Order / line', width: 44 },
  { label: 'Site', width: 92 },
  { label: 'Campaign', width: 60 },
  { label: 'Dates', width: 84 },
  { label: 'Paid on', width: 58 },
  { label: 'Value excl. GST', width: 58, right: true },
  { label: 'Refunds', width: 54, right: true },
  { label: 'GST on supply', width: 54, right: true },
  { label: 'Commission', width: 56, right: true },
  { label: 'GST on comm.', width: 50, right: true },
  { label: 'TCS', width: 42, right: true },
  { label: 'TDS', width: 38, right: true },
  { label: 'Payout', width: 56, right: true },
] as const;

/** One table row: every cell wrapped in its column, the row as tall as its tallest cell. */
function tableRow(doc: PdfDoc, cells: string[], header = false) {
  const left = doc.page.margins.left;
  const top = doc.y;
  let bottom = top;
  let x = left;
  doc.font(header ? 'bold' : 'regular').fontSize(7.5);
  PDF_COLS.forEach((c, i) => {
    doc.text(cells[i] ?? '', x + 2, top, { width: c.width - 4, align: 'right' in c ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  });
  doc
    .moveTo(left, bottom + 2)
    .lineTo(x, bottom + 2)
    .strokeColor(header ? '#888888' : '#e0e0e0')
    .stroke();
  doc.y = bottom + 5;
  doc.x = left;
}

function totalLine(doc: PdfDoc, label: string, rupees: number, bold = false) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9.5);
  doc.text(`${label}:`, left + width - 420, top, { width: 300, align: 'right' });
  doc.text(formatRupees(rupees), left + width - 110, top, { width: 110, align: 'right' });
  doc.y = Math.max(doc.y, top) + 3;
  doc.x = left;
}

/**
 * The statement as PDF (issue 22): the marketplace's letterhead with its GSTIN, the owner with theirs, the
 * period, one table row per line (a new page repeats the header), then the totals; money with two decimals.
 */
export function statementPdf(s: Statement, parties?: StatementParties): Promise<Buffer> {
  return renderPdf({ title: `Statement ${s.month}`, layout: 'landscape' }, (doc) => {
    if (parties) {
      // The letterhead: the marketplace (COMPANY_* settings), then the owner the statement is for.
      doc.font('bold').fontSize(14).text(parties.company.name);
      doc.font('regular').fontSize(9).fillColor('#444').text(parties.company.address);
      doc.text(`GSTIN ${parties.company.gstin}`).fillColor('#000');
      doc.moveDown(0.8);
    }
    doc.font('bold').fontSize(16).text(`Statement for ${s.month}`);
    doc.font('regular').fontSize(10).text(s.media_owner.company_name);
    if (parties) {
      doc.text(`GSTIN ${parties.ownerGstin}`);
      doc.text(`Period: ${periodOf(s.month)}`);
    }
    doc.moveDown();
    if (s.lines.length === 0) doc.text('No bookings or refunds this month.');
    else {
      const header = PDF_COLS.map((c) => c.label);
      tableRow(doc, header, true);
      for (const l of s.lines) {
        if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
          doc.addPage();
          tableRow(doc, header, true);
        }
        tableRow(doc, [
          `${l.order_id} / ${l.line_id}`,
          `${l.site.code ? `${l.site.code} ` : ''}${l.site.name}`,
          l.campaign_name,
          `${formatBookingPeriod(l.from_date, l.to_date)}${l.status === 'cancelled' ? '\ncancelled' : ''}`,
          l.paid_on ? formatDay(l.paid_on) : '-',
          formatRupees(l.value),
          l.refunds ? formatRupees(l.refunds) : '-',
          formatRupees(l.gst_on_supply),
          formatRupees(l.commission),
          formatRupees(l.commission_gst),
          formatRupees(l.tcs),
          formatRupees(l.tds),
          formatRupees(l.payout),
        ]);
      }
    }
    if (doc.y > doc.page.height - doc.page.margins.bottom - 130) doc.addPage();
    doc.moveDown(0.5);
    totalLine(doc, 'Value excluding GST', s.totals.value);
    totalLine(doc, 'Refunds excluding GST', s.totals.refunds);
    totalLine(doc, 'GST on the supply (owed by the owner)', s.totals.gst_on_supply);
    totalLine(doc, statementCommissionLabel(s), s.totals.commission);
    totalLine(doc, 'GST on the commission', s.totals.commission_gst);
    totalLine(doc, 'TCS (CGST Act s.52)', s.totals.tcs);
    totalLine(doc, 'TDS (Income-tax Act s.194-O)', s.totals.tds);
    totalLine(doc, 'Payout due', s.totals.payout, true);
  });
}
