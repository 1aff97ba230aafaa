import { addDays, type OpsOrderDetail, type OpsOrderPage, type OpsOrdersQuery, toRupees } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  countOpsOrders,
  findBookingStatuses,
  findOpsOrder,
  findOpsOrderLines,
  findPayments,
  listOpsOrders,
  type OpsOrderFilters,
} from './ops-orders.repository.ts';
import { findInvoice } from './order-detail.repository.ts';
import { invoiceUrl } from './order-detail.service.ts';
import { lineMoney, orderLedgerOf, paymentReversals, refundSummaries } from './order-ledger.service.ts';

/** India has one offset all year (no daylight saving), so a calendar day there starts at 00:00+05:30. */
const IST_OFFSET = '+05:30';
const startOfIstDay = (isoDate: string) => new Date(`${isoDate}T00:00:00${IST_OFFSET}`);

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function filtersOf(q: OpsOrdersQuery): OpsOrderFilters {
  return {
    status: q.status,
    createdFrom: q.created_from ? startOfIstDay(q.created_from) : undefined,
    // The end date is included: orders before the start of the next day.
    createdBefore: q.created_to ? startOfIstDay(addDays(q.created_to, 1)) : undefined,
    mediaOwnerId: q.media_owner_id,
    buyerId: q.buyer_id ?? buyerIdOf(q.buyer),
    buyerText: q.buyer && buyerIdOf(q.buyer) === undefined ? q.buyer : undefined,
    search: q.q || undefined,
  };
}

/** "id:42" names a buyer by id; anything else is text to match. */
function buyerIdOf(text: string | undefined): number | undefined {
  const match = text ? /^id:\s*(\d{1,9})$/i.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

/** GET /api/ops/orders: one page of every buyer's orders, filtered and sorted on the server. */
export async function opsOrdersPage(db: Db, q: OpsOrdersQuery): Promise<OpsOrderPage> {
  const filters = filtersOf(q);
  const [count, rows] = await Promise.all([
    countOpsOrders(db, filters),
    listOpsOrders(
      db,
      filters,
      { column: q.sort, direction: q.direction },
      q.page_size,
      (q.page - 1) * q.page_size,
    ),
  ]);
  return {
    count,
    page: q.page,
    page_size: q.page_size,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      payment_method: r.paymentMethod,
      total: toRupees(r.amountPaise),
      lines: Number(r.lines),
      buyer: { id: r.userId, name: nameOf(r.firstName, r.lastName), company: r.company, phone: r.phone },
      created_at: r.createdAt.toISOString(),
      paid_at: iso(r.paidAt),
    })),
  };
}

/** GET /api/ops/orders/{id}: the order with its buyer, lines, booking statuses and payments. */
export async function opsOrderDetail(db: Db, id: number): Promise<OpsOrderDetail> {
  const found = await findOpsOrder(db, id);
  if (!found) throw notFound('Order');
  const { order, buyer } = found;
  const [lines, payments, money, invoice] = await Promise.all([
    findOpsOrderLines(db, id),
    findPayments(db, id),
    orderLedgerOf(db, id),
    findInvoice(db, id),
  ]);
  const ledger = money!;
  // The same ledger as the buyer's order page and My Orders: only processed refunds are returned money.
  const statuses = await findBookingStatuses(
    db,
    lines.map((l) => l.id),
  );
  return {
    id: order.id,
    status: ledger.status,
    payment_method: order.paymentMethod,
    total: toRupees(order.amountPaise),
    lines: lines.length,
    currency: order.currency,
    provider: order.provider,
    provider_order_id: order.providerOrderId,
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    expires_at: order.expiresAt.toISOString(),
    buyer: {
      id: buyer.id,
      name: nameOf(buyer.firstName, buyer.lastName),
      company: buyer.company,
      phone: buyer.phoneNumber,
      email: buyer.email,
      gstin: buyer.gst || null,
    },
    items: lines.map((l) => ({
      id: l.id,
      site: {
        id: l.productId,
        code: l.code,
        name: l.name,
        city: l.city,
        media_owner: l.ownerId === null ? null : { id: l.ownerId, company_name: l.ownerName ?? '' },
      },
      campaign_name: l.campaignName,
      from_date: l.fromDate,
      to_date: l.toDate,
      days: l.days,
      price: toRupees(l.pricePaise),
      status: l.status,
      booking_statuses: statuses.filter((s) => s.itemId === l.id).map((s) => s.status),
      ...lineMoney(ledger, l.id),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      // A cash payment shows the receipt or UTR the operator entered; online ones the provider's id.
      reference: p.reference ?? p.providerPaymentId,
      amount: toRupees(p.amountPaise),
      created_at: p.createdAt.toISOString(),
    })),
    subtotal: toRupees(order.subtotalPaise || lines.reduce((s, l) => s + l.pricePaise, 0)),
    cgst: toRupees(order.cgstPaise),
    sgst: toRupees(order.sgstPaise),
    igst: toRupees(order.igstPaise),
    refunded: toRupees(ledger.refundedPaise),
    net: toRupees(ledger.netPaise),
    refunds: refundSummaries(ledger),
    refundable: toRupees(ledger.refundablePaise),
    payment_reversals: paymentReversals(ledger),
    invoice: invoice ? { number: invoice.number, url: invoiceUrl(order.id) } : null,
  };
}
