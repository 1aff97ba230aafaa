import {
  formatAudience,
  formatBookingPeriod,
  formatCount,
  formatDateIst,
  formatDateTimeIst,
  formatIndianCount,
  formatRupees,
  formatSourceList,
  type Proposal,
} from '@ooh/shared';
import { labelledRow, sectionHeading } from '../../lib/pdf/pdf-blocks.ts';
import type { PdfDoc } from '../../lib/pdf/pdf-document.ts';
import { renderPdf } from '../../lib/pdf/pdf-document.ts';

/** What a proposal's PDF shows (DESIGN section 19 "A proposal exports to PDF"): the wire view, its brief. */
export interface ProposalDocument {
  proposal: Proposal;
  briefName: string;
  seller: string;
  generatedAt: Date;
}

const STATUS_WORDS: Record<Proposal['status'], string> = {
  open: 'Open: waiting for answers',
  accepted: 'Accepted in part or whole: the accepted lines are held until the validity ends',
  declined: 'Declined',
  booked: 'Booked',
  expired: 'Expired: its validity has passed',
};
const LINE_WORDS: Record<Proposal['lines'][number]['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  booked: 'Booked',
};
const OFFER_WORDS: Record<Proposal['offers'][number]['action'], string> = {
  offer: 'offered',
  counter: 'countered',
  accept: 'accepted',
  decline: 'declined',
};
const GST_WORDS: Record<Proposal['totals']['kind'], string> = {
  intra: 'CGST + SGST',
  inter: 'IGST',
  estimate: 'an estimate until your billing state is known',
};

function drawLine(doc: PdfDoc, p: Proposal, line: Proposal['lines'][number], n: number) {
  if (doc.y > 660) doc.addPage();
  sectionHeading(doc, `${n}. ${line.name} (${line.site_code}), ${line.city}`);
  labelledRow(doc, 'Format', line.format);
  labelledRow(doc, 'Dates', formatBookingPeriod(line.from_date, line.to_date));
  labelledRow(
    doc,
    'Price before GST',
    line.list_price === line.price
      ? formatRupees(line.price)
      : `${formatRupees(line.price)} (the rate card asked ${formatRupees(line.list_price)})`,
  );
  labelledRow(
    doc,
    'Audience',
    line.audience ? formatAudience(line.audience) : 'No audience figure for this site',
  );
  if (line.audience) {
    const impressions = line.audience.daily_impressions * line.days;
    labelledRow(
      doc,
      'Impressions and CPM',
      `${formatIndianCount(impressions)} over ${line.days} days (audience × days)` +
        (line.cpm === null ? '' : `; CPM ${formatRupees(line.cpm)} per 1,000 before GST`),
    );
  }
  labelledRow(doc, 'Line', LINE_WORDS[line.status]);
  const history = p.offers.filter((o) => o.line_id === line.id);
  if (history.length > 1) {
    labelledRow(
      doc,
      'Offers',
      history
        .map(
          (o) =>
            `${o.side === 'owner' ? 'Owner' : 'Buyer'} ${OFFER_WORDS[o.action]} ${formatRupees(o.price)} (${formatDateIst(new Date(o.created_at))})`,
        )
        .join('; '),
    );
  }
}

function totals(doc: PdfDoc, label: string, t: Proposal['totals']) {
  labelledRow(
    doc,
    label,
    `${formatRupees(t.subtotal)} before GST + ${formatRupees(t.gst)} GST (${GST_WORDS[t.kind]}) = ${formatRupees(t.total)}`,
  );
}

/** A proposal as a document to forward to a client or a colleague: its lines, offers and totals with GST. */
export function renderProposalPdf(d: ProposalDocument): Promise<Buffer> {
  const p = d.proposal;
  return renderPdf({ title: `Proposal #${p.id} from ${p.owner.name}` }, (doc) => {
    doc.font('bold').fontSize(18).text(`Proposal #${p.id}`);
    doc.font('regular').fontSize(10).fillColor('#555555');
    doc.text(`From ${p.owner.name} for the brief "${d.briefName}" · through ${d.seller}`);
    doc.text(`Prepared ${formatDateTimeIst(d.generatedAt)}`).fillColor('#000000');

    sectionHeading(doc, 'Summary');
    labelledRow(doc, 'Status', STATUS_WORDS[p.status]);
    labelledRow(doc, 'Valid until', formatDateTimeIst(p.valid_until));
    labelledRow(
      doc,
      'Lines',
      `${p.lines.length}, ${p.lines.filter((l) => l.status === 'declined').length} declined`,
    );
    totals(doc, 'Standing lines', p.totals);
    if (p.accepted_totals.subtotal > 0) totals(doc, 'Accepted lines', p.accepted_totals);
    const f = p.figures;
    labelledRow(
      doc,
      'Plan figures',
      f.lines_counted === 0
        ? 'None: no site of the standing lines has an audience figure'
        : `${formatIndianCount(f.impressions)} impressions · ${formatSourceList(f.sources)}` +
            (f.cpm === null ? '' : `; CPM ${formatRupees(f.cpm)} per 1,000 before GST`) +
            `; reach ${formatIndianCount(f.reach_estimate)} people (estimate)` +
            (f.frequency_estimate === null
              ? ''
              : `, frequency ${formatCount(f.frequency_estimate)} (estimate)`) +
            (f.lines_counted < f.lines ? ` (${f.lines_counted} of ${f.lines} sites have a figure)` : ''),
    );
    if (p.notes.trim()) labelledRow(doc, "Owner's notes", p.notes);

    for (const [i, line] of p.lines.entries()) drawLine(doc, p, line, i + 1);

    doc.moveDown(1).fontSize(8).fillColor('#555555');
    doc.text(
      'A line\u2019s price is its total before GST for its dates; the last offer standing on both sides is the deal, ' +
        'and a booking charges the accepted price, never another. Impressions are the site\u2019s daily figure as its ' +
        'source states it, times the days; CPM = price before GST / impressions \u00d7 1,000. A proposal is not a ' +
        'booking: dates are kept only for accepted lines, until the validity ends. Amounts in Indian rupees.',
      48,
    );
  });
}
