import {
  type Audience,
  type CampaignFigures,
  type Creative,
  canUploadCreative,
  creativeDueDate,
  isLivePaidOrder,
  lastDayOf,
  type OrderDetail,
  type OrderLineDetail,
  type OrderLineEvent,
  type PayoutState,
  type Proof,
  type ProofReasonCode,
  priceLineToWire,
  sourcedFigures,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findInvoice,
  findLineEvents,
  findLineProofs,
  findNewestCreatives,
  findOrder,
  findOrderLines,
} from './order-detail.repository.ts';

type CreativeRow = Awaited<ReturnType<typeof findNewestCreatives>>[number];

/**
 * What the order page shows of records owned by modules above orders (payouts, creatives): given by
 * workflows/order-detail.workflow.ts, so orders never imports them (decision 072).
 */
export interface OrderPageParts {
  payoutStatesOfOrder(db: Db, orderId: number): Promise<Map<number, PayoutState>>;
  creativeView(row: CreativeRow): Creative;
}

import { lineMoney, orderLedgerOf, paymentReversals, refundSummaries } from './order-ledger.service.ts';

/** Who is reading: the buyer sees only their own orders; operators see any (others: 404, never 403). */
export interface OrderViewer {
  userId: number;
  operator: boolean;
}

const NOT_CANCELLABLE = new Set(['posted', 'completed', 'cancelled']);
/** A line that has run its course or was cancelled: a later take-down of its site does not concern it. */
const LINE_ENDED = new Set(['completed', 'cancelled']);

export const proofImageUrl = (proofId: number) => `/api/proofs/${proofId}/image`;
export const invoiceUrl = (orderId: number) => `/api/orders/${orderId}/invoice.pdf`;
export const reportUrl = (orderId: number) => `/api/orders/${orderId}/report.pdf`;

/**
 * GET /api/orders/{id}: the order after payment with every line's status, timeline, creative, proofs,
 * the invoice and refunds (docs/product-rules.md sections 9, 10 and 13). Orders that were never paid (expired, failed)
 * are shown too: the page says what happened.
 */
export async function orderDetail(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  orderId: number,
  viewer: OrderViewer,
  { payoutStatesOfOrder, creativeView }: OrderPageParts,
): Promise<OrderDetail> {
  const db = deps.database.db;
  const order = await findOrder(db, orderId);
  if (!order || (order.userId !== viewer.userId && !viewer.operator)) throw notFound('Order');
  const lines = await findOrderLines(db, orderId);
  const lineIds = lines.map((l) => l.id);
  const [events, newest, proofRows, invoice, money, payoutStates] = await Promise.all([
    findLineEvents(db, lineIds),
    findNewestCreatives(db, lineIds),
    findLineProofs(db, lineIds),
    findInvoice(db, orderId),
    orderLedgerOf(db, orderId),
    payoutStatesOfOrder(db, orderId),
  ]);
  // The one ledger (decision 065): refunds with their parts, reversals apart, each line's left.
  const ledger = money!;
  const today = todayIst(deps.clock.now());
  const isPaid = isLivePaidOrder(order.status);
  const lineDetails: OrderLineDetail[] = lines.map((l) => {
    const creative = newest.find((c) => c.orderItemId === l.id);
    const dates = { status: l.status, from_date: l.fromDate };
    return {
      id: l.id,
      product: {
        id: l.productId,
        code: l.productCode,
        name: l.productName,
        city: l.city,
        address: l.address,
        image: l.images[0] ?? null,
        latitude: l.latitude,
        longitude: l.longitude,
        width_ft: l.widthFt,
        height_ft: l.heightFt,
      },
      campaign_name: l.campaignName,
      from_date: l.fromDate,
      to_date: l.toDate,
      first_day: l.fromDate,
      last_day: lastDayOf(l.toDate),
      days: l.days,
      price: toRupees(l.pricePaise),
      price_lines: (l.priceLines ?? []).map(priceLineToWire),
      // Before payment a line only holds its site: never "Booked" (issue 19).
      status: order.paidAt === null && l.status === 'scheduled' ? 'held' : l.status,
      // An operator took the site down while this paid line was still to run (section 7): the buyer reads so.
      site_taken_down: l.siteStatus === 'taken_down' && order.paidAt !== null && !LINE_ENDED.has(l.status),
      timeline: events
        .filter((e) => e.lineId === l.id)
        .map((e) => ({
          status: e.status as OrderLineEvent['status'],
          at: e.at.toISOString(),
          note: e.note,
        })),
      creative_due_date: creativeDueDate(l.fromDate),
      creative: creative ? creativeView(creative) : null,
      proofs: proofRows.filter((p) => p.orderItemId === l.id).map(proofView),
      can_upload_creative: isPaid && canUploadCreative(dates, today),
      cancellable: isPaid && today < l.fromDate && !NOT_CANCELLABLE.has(l.status),
      ...(payoutStates.has(l.id) ? { payout_state: payoutStates.get(l.id) } : {}),
      audience_recorded: l.audienceRecorded,
      audience_at_booking: bookedAudience(l),
      ...lineMoney(ledger, l.id),
    };
  });
  const linesPaise = lines.reduce((s, l) => s + l.pricePaise, 0);
  return {
    order_id: order.id,
    status: ledger.status,
    payment_method: order.paymentMethod,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt ? order.paidAt.toISOString() : null,
    // Orders placed before GST was recorded carry no subtotal: their lines' sum is the subtotal.
    subtotal: toRupees(order.subtotalPaise || linesPaise),
    cgst: toRupees(order.cgstPaise),
    sgst: toRupees(order.sgstPaise),
    igst: toRupees(order.igstPaise),
    total: toRupees(order.amountPaise),
    place_of_supply: order.placeOfSupply,
    invoice: invoice ? { number: invoice.number, url: invoiceUrl(order.id) } : null,
    ...agencyBilling(order),
    report_url:
      order.paidAt !== null && lines.some((l) => l.status === 'completed') ? reportUrl(order.id) : null,
    refunds: refundSummaries(ledger),
    payment_reversals: paymentReversals(ledger),
    refundable: toRupees(ledger.refundablePaise),
    refunded: toRupees(ledger.refundedPaise),
    net: toRupees(ledger.netPaise),
    amount_due: ledger.unpaid ? toRupees(order.amountPaise) : 0,
    reserved_until: ledger.unpaid ? order.expiresAt.toISOString() : null,
    live_lines: ledger.lines.filter((l) => l.status !== 'cancelled').length,
    lines: lineDetails,
    figures: orderFigures(lines.filter((l) => l.status !== 'cancelled')),
  };
}

/** An agency's order for a client (decision 092): the billed party as the invoice names it, and the PO. */
function agencyBilling(order: {
  clientId: number | null;
  poNumber: string | null;
  billing: Record<string, string | null> | null;
}) {
  if (order.clientId === null) return { billed_to: null, po_number: order.poNumber };
  const b = order.billing ?? {};
  const billedTo = [b.company, b.address_line_2].filter(Boolean).join(', ');
  return { billed_to: billedTo || null, po_number: order.poNumber };
}

type LineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

/** The line's audience as booked (decision 091); null when not recorded or the site had no figure. */
export function bookedAudience(l: LineRow): Audience | null {
  if (!l.audienceRecorded || !l.audienceDailyImpressions) return null;
  return {
    daily_impressions: l.audienceDailyImpressions,
    source: l.audienceSource ?? 'owner_declared',
    measured_on: l.audienceMeasuredOn,
    method: l.audienceMethod ?? '',
    verified: l.audienceVerified ?? false,
  };
}

/**
 * The order's plan figures by the shared rule the cart and the plan exports use (decision 089), from each
 * line's figure as booked (decision 091): a line booked before figures were kept counts in none of them
 * and is counted apart, never given the site's figure of today.
 */
function orderFigures(lines: LineRow[]): CampaignFigures {
  const { cost_paise, ...figures } = sourcedFigures(
    lines.map((l) => {
      const audience = bookedAudience(l);
      return {
        daily_impressions: audience?.daily_impressions ?? null,
        days: l.days,
        format: l.category,
        city: l.city,
        cost_paise: l.pricePaise,
        source: audience?.source,
      };
    }),
  );
  const notRecorded = lines.filter((l) => !l.audienceRecorded).length;
  return { ...figures, cost: toRupees(cost_paise), lines_not_recorded: notRecorded };
}

function proofView(p: Awaited<ReturnType<typeof findLineProofs>>[number]): Proof {
  return {
    id: p.id,
    image_url: proofImageUrl(p.id),
    taken_at: p.takenAt ? p.takenAt.toISOString() : null,
    latitude: p.latitude,
    longitude: p.longitude,
    distance_m: p.distanceM,
    camera: p.camera,
    exif_stripped: p.exifStripped,
    verified: p.verified,
    reasons: p.reasons.map((r) => ({ code: r.code as ProofReasonCode, message: r.message })),
    uploaded_at: p.createdAt.toISOString(),
  };
}
