import {
  type Audience,
  type AudienceSource,
  formatAudience,
  formatAudienceSource,
  formatBookingPeriod,
  formatCount,
  formatDateIst,
  formatDateTimeIst,
  formatDay,
  formatIndianCount,
  formatPaise,
  formatRupees,
  formatSourceList,
  type ReportLineFigures,
} from '@ooh/shared';
import { labelledRow, sectionHeading } from '../../lib/pdf/pdf-blocks.ts';
import { type PdfDoc, renderPdf } from '../../lib/pdf/pdf-document.ts';

/** What the post-campaign report shows (DESIGN section 20, decision 091); amounts in paise. */
export interface CampaignReport {
  orderId: number;
  campaignName: string;
  generatedAt: Date;
  seller: string;
  lines: {
    site: string;
    city: string;
    address: string;
    fromDate: string;
    toDate: string;
    days: number;
    pricePaise: number;
    /** With GST, as refunded; and its part before GST (what CPM is reckoned on). */
    refundedPaise: number;
    refundedBeforeGstPaise: number;
    /** The audience as booked; null: none (audienceRecorded says whether it was kept at all). */
    audience: Audience | null;
    audienceRecorded: boolean;
    figures: ReportLineFigures;
    proofs: {
      takenAt: Date | null;
      uploadedAt: Date;
      distance: string;
      timeWindow: string;
      verdict: string;
    }[];
  }[];
  running: { site: string; city: string; fromDate: string; toDate: string }[];
  cancelled: { site: string; city: string; fromDate: string; toDate: string; refundedPaise: number }[];
  totals: {
    costPaise: number;
    refundedPaise: number;
    refundedBeforeGstPaise: number;
    netCostPaise: number;
    delivered: number;
    countedLines: number;
    cpm: number | null;
    sources: AudienceSource[];
  };
}

/** "6,00,000 (6 lakh)": the exact count in Indian grouping, and in words when it is a lakh or more. */
const impressions = (n: number) => {
  const words = formatIndianCount(n);
  return words === formatCount(n) ? words : `${formatCount(n)} (${words})`;
};

const row = labelledRow;
const heading = sectionHeading;

function audienceText(l: CampaignReport['lines'][number]): string {
  if (!l.audienceRecorded) return 'Not recorded at booking (booked before figures were kept)';
  return l.audience ? formatAudience(l.audience) : 'The site had no audience figure when booked';
}

function deliveredText(l: CampaignReport['lines'][number]): string {
  if (l.figures.delivered === null) return `None to show: ${audienceText(l).toLowerCase()}`;
  const source = l.audience ? ` · ${formatAudienceSource(l.audience)}` : '';
  return `${impressions(l.figures.delivered)}${source} (audience as booked × days live)`;
}

function drawLine(doc: PdfDoc, l: CampaignReport['lines'][number], n: number) {
  if (doc.y > 640) doc.addPage();
  heading(doc, `${n}. ${l.site}, ${l.city}`);
  row(doc, 'Address', l.address);
  row(doc, 'Dates', formatBookingPeriod(l.fromDate, l.toDate));
  row(doc, 'Audience as booked', audienceText(l));
  row(
    doc,
    'Days live',
    l.figures.live_from
      ? `${l.figures.days_live} of ${l.days}, from ${formatDay(l.figures.live_from)} (the first verified proof) to the last day`
      : `0: no verified proof, so no day counts as live`,
  );
  row(doc, 'Impressions delivered', deliveredText(l));
  row(doc, 'Cost before GST', formatPaise(l.pricePaise));
  row(
    doc,
    'Refunds on the line',
    l.refundedPaise > 0
      ? `${formatPaise(l.refundedPaise)} with GST (${formatPaise(l.refundedBeforeGstPaise)} before GST)`
      : 'None',
  );
  row(
    doc,
    'CPM achieved',
    l.figures.cpm === null
      ? 'None: nothing delivered to divide by'
      : `${formatRupees(l.figures.cpm)} per 1,000 (${formatPaise(l.figures.net_cost_paise)} after refunds, before GST)`,
  );
  doc.moveDown(0.3).font('bold').text(`Proofs (${l.proofs.length})`, 48);
  doc.font('regular');
  if (!l.proofs.length) doc.text('No proof was posted for this line.', 60);
  for (const p of l.proofs) {
    const when = p.takenAt ? `Taken ${formatDateTimeIst(p.takenAt)}` : 'No time in the photo';
    doc.text(`${p.verdict}. ${when}, uploaded ${formatDateTimeIst(p.uploadedAt)}.`, 60, doc.y, {
      width: 487,
    });
    doc
      .fillColor('#555555')
      .text(`Distance: ${p.distance}. Time window: ${p.timeWindow}.`, 72, doc.y, { width: 475 })
      .fillColor('#000000');
  }
}

export function renderCampaignReport(r: CampaignReport): Promise<Buffer> {
  return renderPdf({ title: `Campaign report, order #${r.orderId}` }, (doc) => {
    doc.font('bold').fontSize(18).text('Campaign report');
    doc.font('regular').fontSize(10).fillColor('#555555');
    doc.text(`Order #${r.orderId} · campaign: ${r.campaignName} · ${r.seller}`);
    doc.text(`Prepared ${formatDateIst(r.generatedAt)}`).fillColor('#000000');

    heading(doc, 'Totals of the completed lines');
    const t = r.totals;
    row(
      doc,
      'Lines reported',
      `${r.lines.length} completed${r.running.length ? `, ${r.running.length} still running` : ''}`,
    );
    row(doc, 'Cost before GST', formatPaise(t.costPaise));
    row(
      doc,
      'Refunds',
      t.refundedPaise > 0
        ? `${formatPaise(t.refundedPaise)} with GST (${formatPaise(t.refundedBeforeGstPaise)} before GST)`
        : 'None',
    );
    row(doc, 'Net cost before GST', formatPaise(t.netCostPaise));
    row(
      doc,
      'Impressions delivered',
      t.countedLines
        ? `${impressions(t.delivered)} · ${formatSourceList(t.sources)}${t.countedLines < r.lines.length ? ` (${t.countedLines} of ${r.lines.length} lines have a figure)` : ''}`
        : 'None to show: no line has an audience figure as booked',
    );
    row(
      doc,
      'CPM achieved',
      t.cpm === null
        ? 'None: nothing delivered to divide by'
        : `${formatRupees(t.cpm)} per 1,000 (before GST)`,
    );

    for (const [i, l] of r.lines.entries()) drawLine(doc, l, i + 1);

    if (r.running.length) {
      heading(doc, 'Still running (reported once they end)');
      for (const l of r.running)
        doc.text(`${l.site}, ${l.city}: ${formatBookingPeriod(l.fromDate, l.toDate)}`, 48);
    }
    if (r.cancelled.length) {
      heading(doc, 'Cancelled');
      for (const l of r.cancelled)
        doc.text(
          `${l.site}, ${l.city}: ${formatBookingPeriod(l.fromDate, l.toDate)}, refunded ${formatPaise(l.refundedPaise)} with GST`,
          48,
        );
    }
    doc.moveDown(1).fontSize(8).fillColor('#555555');
    doc.text(
      'How these figures are had: a line is live from the day of its first Verified proof (position within 250 m ' +
        'of the site and time within the booked dates, the proof that releases the owner\u2019s payout) to its last ' +
        'day. Impressions delivered = the audience figure as it was when booked × days live, as its source states ' +
        'it. CPM achieved = cost before GST less refunds before GST / impressions delivered × 1,000, rounded to the ' +
        'paisa. Amounts in Indian rupees.',
      48,
    );
  });
}
