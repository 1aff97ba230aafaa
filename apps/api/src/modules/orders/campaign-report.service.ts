import {
  type Audience,
  cpmAchieved,
  formatDay,
  formatDistance,
  lastDayOf,
  PROOF_MAX_DISTANCE_M,
  type ReportLineFigures,
  refundTaxablePaise,
  reportLineFigures,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type CampaignReport, renderCampaignReport } from './campaign-report.pdf.ts';
import { findLineProofs, findOrder, findOrderLines } from './order-detail.repository.ts';
import { bookedAudience, type OrderViewer } from './order-detail.service.ts';
import { orderLedgerOf } from './order-ledger.service.ts';

type ProofRow = Awaited<ReturnType<typeof findLineProofs>>[number];

/** Checks that failed on a proof fall under the time window when their code is one of these. */
const TIME_CODES = new Set(['no_time', 'outside_dates']);

/** One proof's checks in words: where it was taken, when, and the verdict (docs/product-rules.md section 9). */
function proofChecks(p: ProofRow): CampaignReport['lines'][number]['proofs'][number] {
  const timeReason = p.reasons.find((r) => TIME_CODES.has(r.code));
  return {
    takenAt: p.takenAt,
    uploadedAt: p.createdAt,
    distance:
      p.distanceM === null
        ? 'no position in the photo'
        : p.distanceM <= PROOF_MAX_DISTANCE_M
          ? `${formatDistance(p.distanceM)} from the site (within ${PROOF_MAX_DISTANCE_M} m)`
          : `${formatDistance(p.distanceM)} from the site (more than ${PROOF_MAX_DISTANCE_M} m)`,
    timeWindow: timeReason ? timeReason.message : 'within the booked dates',
    verdict: p.withdrawnAt
      ? 'Withdrawn by the owner (counts nowhere)'
      : p.verified
        ? 'Verified'
        : `Unverified${p.reasons.length ? `: ${p.reasons.map((r) => r.message).join('; ')}` : ''}`,
  };
}

/**
 * GET /api/orders/{id}/report.pdf (DESIGN section 20, decision 091): the post-campaign report of the
 * buyer's order, or any order for operators (anyone else: 404). Ready once a line has completed (409
 * before); completed lines are reported in full, lines still to end are listed as still running, cancelled
 * lines with their refunds. Every figure is the line's audience as booked, with its source.
 */
export async function campaignReportPdf(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  orderId: number,
  viewer: OrderViewer,
): Promise<{ pdf: Buffer; fileName: string }> {
  const db = deps.database.db;
  const order = await findOrder(db, orderId);
  if (!order || (order.userId !== viewer.userId && !viewer.operator)) throw notFound('Order');
  const lines = await findOrderLines(db, orderId);
  const completed = lines.filter((l) => l.status === 'completed');
  if (order.paidAt === null || completed.length === 0) {
    const running = lines.filter((l) => l.status !== 'cancelled').map((l) => lastDayOf(l.toDate));
    const lastDay = running.sort()[0];
    throw conflict(
      lastDay && order.paidAt !== null
        ? `The campaign report is ready once a line has run its course: the first ends on ${formatDay(lastDay)}.`
        : 'The campaign report is ready once a paid line has run its course; this order has none.',
    );
  }
  const [proofRows, ledger] = await Promise.all([
    findLineProofs(
      db,
      completed.map((l) => l.id),
    ),
    orderLedgerOf(db, orderId),
  ]);
  const charged = order.amountPaise;
  const subtotal = order.subtotalPaise || lines.reduce((s, l) => s + l.pricePaise, 0);
  const refundedOf = (lineId: number) => ledger?.lines.find((x) => x.id === lineId)?.refundedPaise ?? 0;

  const reported = completed.map((l) => {
    const proofs = proofRows.filter((p) => p.orderItemId === l.id);
    const audience: Audience | null = bookedAudience(l);
    const refundedPaise = refundedOf(l.id);
    const refundedBeforeGst = refundTaxablePaise(refundedPaise, charged, subtotal);
    const figures: ReportLineFigures = reportLineFigures({
      from_date: l.fromDate,
      to_date: l.toDate,
      price_paise: l.pricePaise,
      refunded_before_gst_paise: refundedBeforeGst,
      daily_impressions: audience?.daily_impressions ?? null,
      proofs: proofs.map((p) => ({
        verified: p.verified,
        taken_at: p.takenAt,
        uploaded_at: p.createdAt,
        withdrawn: p.withdrawnAt !== null,
      })),
    });
    return {
      site: `${l.productName} (${l.productCode})`,
      city: l.city,
      address: l.address,
      fromDate: l.fromDate,
      toDate: l.toDate,
      days: l.days,
      pricePaise: l.pricePaise,
      refundedPaise,
      refundedBeforeGstPaise: refundedBeforeGst,
      audience,
      audienceRecorded: l.audienceRecorded,
      figures,
      proofs: proofs.map(proofChecks),
    };
  });
  const counted = reported.filter((l) => l.figures.delivered !== null);
  const delivered = counted.reduce((s, l) => s + (l.figures.delivered ?? 0), 0);
  const countedNet = counted.reduce((s, l) => s + l.figures.net_cost_paise, 0);
  const report: CampaignReport = {
    orderId: order.id,
    campaignName: lines[0]?.campaignName ?? '',
    generatedAt: deps.clock.now(),
    seller: deps.config.company.name,
    lines: reported,
    running: lines
      .filter((l) => l.status !== 'completed' && l.status !== 'cancelled')
      .map((l) => ({
        site: `${l.productName} (${l.productCode})`,
        city: l.city,
        fromDate: l.fromDate,
        toDate: l.toDate,
      })),
    cancelled: lines
      .filter((l) => l.status === 'cancelled')
      .map((l) => ({
        site: `${l.productName} (${l.productCode})`,
        city: l.city,
        fromDate: l.fromDate,
        toDate: l.toDate,
        refundedPaise: refundedOf(l.id),
      })),
    totals: {
      costPaise: reported.reduce((s, l) => s + l.pricePaise, 0),
      refundedPaise: reported.reduce((s, l) => s + l.refundedPaise, 0),
      refundedBeforeGstPaise: reported.reduce((s, l) => s + l.refundedBeforeGstPaise, 0),
      netCostPaise: reported.reduce((s, l) => s + l.figures.net_cost_paise, 0),
      delivered,
      countedLines: counted.length,
      // Over the lines that delivered something, rounded as each line's CPM is.
      cpm: cpmAchieved(countedNet, delivered),
      sources: [...new Set(counted.map((l) => l.audience?.source).filter((s) => s !== undefined))],
    },
  };
  return { pdf: await renderCampaignReport(report), fileName: `campaign-report-${order.id}.pdf` };
}
