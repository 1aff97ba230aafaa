import { formatBookingPeriod, formatDay, lastDayOf, type Statement } from '@ooh/shared';
import { formatRupeesForPdf, renderPdf } from '../../lib/pdf/pdf-document.ts';
import { csvCell } from '../bookings/owner-bookings.service.ts';

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
  // The owner's share that moved this month for the line, as the payouts ledger has it (decision 047).
  'Payout',
];

const money = (rupees: number) => rupees.toFixed(2);

/** The statement as CSV: one row per line, then the totals; every cell through the formula guard. */
export function statementCsv(s: Statement): string {
  const rows = s.lines.map((l) => [
    l.order_id,
    l.line_id,
    l.site.code,
    l.site.name,
    l.campaign_name,
    l.from_date,
    lastDayOf(l.to_date),
    l.status === 'cancelled' ? 'cancelled' : 'booked',
    l.paid_on,
    money(l.value),
    money(l.refunds),
    money(l.payout ?? 0),
  ]);
  const totals = [
    ['Total value excl. GST', money(s.totals.value)],
    ['Refunds excl. GST', money(s.totals.refunds)],
    [`Commission ${s.commission_percent} %`, money(s.totals.commission)],
    ['Payout due', money(s.totals.payout)],
  ];
  const lines = [HEADER, ...rows, [], ...totals].map((r) => r.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const paise = (rupees: number) => Math.round(rupees * 100);

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
    for (const l of s.lines) {
      doc.text(
        `Order ${l.order_id}, line ${l.line_id}: ${l.site.code ? `${l.site.code} ` : ''}${l.site.name} ` +
          `(${l.campaign_name}), ${formatBookingPeriod(l.from_date, l.to_date)}` +
          `${l.status === 'cancelled' ? ', cancelled' : ''}` +
          `${l.paid_on ? `, paid ${l.paid_on}` : ''}: value ${formatRupeesForPdf(paise(l.value))}` +
          `${l.refunds ? `, refunds ${formatRupeesForPdf(paise(l.refunds))}` : ''}`,
      );
    }
    doc.moveDown();
    doc.text(`Value excluding GST: ${formatRupeesForPdf(paise(s.totals.value))}`);
    doc.text(`Refunds excluding GST: ${formatRupeesForPdf(paise(s.totals.refunds))}`);
    doc.text(`Commission ${s.commission_percent} %: ${formatRupeesForPdf(paise(s.totals.commission))}`);
    doc.font('bold').text(`Payout due: ${formatRupeesForPdf(paise(s.totals.payout))}`);
  });
}
