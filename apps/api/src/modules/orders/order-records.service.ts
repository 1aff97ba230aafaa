import { isUnpaidOrder } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import {
  cancelBlock,
  cancelLineBookings,
  confirmOrderBookings,
  extendOrderHolds,
  insertBlock,
  insertHolds,
  type NewBlock,
  releaseLapsedOrphanHolds,
  releaseOrderHolds,
} from './booking-rows.repository.ts';
import {
  expireLapsedOptions,
  insertOption,
  type NewOption,
  type OptionRow,
  releaseOption,
  renewOption,
  replaceOwnOptions,
  requestOption,
} from './option-rows.repository.ts';
import {
  attachProviderOrder,
  cancelHeldLines,
  closeOpenOrders,
  insertOrder,
  lockLapsedOrders,
  lockOrder,
  lockOrdersInTheWay,
  lockOrdersWithLapsedHolds,
  moveOrder,
  type NewOrder,
  type OrderRow,
  recordTaxes,
  scheduleHeldLines,
  setAwaitingCash,
  setPayingOnline,
} from './order-records.repository.ts';

/*
 * The orders module's door for every other module that changes an order, its lines or the booking rows
 * that occupy sites (bookings, payments, cash, blocks, jobs; docs/architecture.md "who owns what"). Each
 * function runs inside the caller's transaction; status changes go through the transition tables.
 */

export type { NewBlock, NewOption, NewOrder, OptionRow, OrderRow };
// Options (insertOption ... requestOption) are a buyer's free hold of a site's dates (decision 082):
// written here, ruled by the holds module.
export {
  cancelBlock,
  expireLapsedOptions,
  insertBlock,
  insertOption,
  lockOrder,
  moveOrder,
  recordTaxes,
  releaseOption,
  renewOption,
  requestOption,
};

/** Lapsed options on these sites stop standing in the way of a new row (the sweeper may not have run yet). */
export async function releaseLapsedOptions(tx: Db, now: Date, productIds: number[]): Promise<void> {
  if (productIds.length) await expireLapsedOptions(tx, now, 10_000, productIds);
}

/**
 * Inside the caller's transaction: releases what stands in the way without being wanted - holds on these
 * sites whose time is up (their orders expire), and the buyer's own open orders overlapping these ranges
 * (cancelled: the new order replaces them).
 */
export async function releaseInTheWay(tx: Db, order: NewOrder): Promise<void> {
  const inTheWay = await lockOrdersInTheWay(tx, order);
  await closeOrders(tx, inTheWay, order.now);
  await releaseLapsedOrphanHolds(tx, order.now, [...new Set(order.items.map((i) => i.productId))]);
}

/**
 * Writes the order, its held lines and one hold per line (23P01 when a site is taken). The buyer's own
 * options on these dates become the order's holds (decision 082), and lapsed options stop counting.
 */
export async function placeOrder(tx: Db, order: NewOrder) {
  await replaceOwnOptions(tx, order.userId, order.items);
  await releaseLapsedOptions(tx, order.now, [...new Set(order.items.map((i) => i.productId))]);
  const placed = await insertOrder(tx, order);
  await insertHolds(tx, placed.order.id, placed.items, order.expiresAt, order.now);
  return placed;
}

/** Open orders among `ids` expire (time is up) or are cancelled (replaced); lines and holds with them. */
export async function closeOrders(tx: Db, ids: number[], now: Date): Promise<number> {
  const closed = await closeOpenOrders(tx, ids, now);
  await releaseOrderHolds(tx, closed);
  return closed.length;
}

/** The sweeper's batch: lapsed open orders expire and release their holds; lapsed orphan holds too. */
export async function expireLapsedOrders(tx: Db, now: Date, limit: number) {
  const due = await lockLapsedOrders(tx, now, limit);
  const expired = await closeOrders(tx, due, now);
  const orphanHolds = await releaseLapsedOrphanHolds(tx, now);
  return { orders: expired, orphanHolds, more: due.length === limit };
}

/** Before a block: lapsed holds on the site stop standing in the way (their orders expire). */
export async function releaseLapsedHolds(tx: Db, productId: number, now: Date): Promise<void> {
  const lapsed = await lockOrdersWithLapsedHolds(tx, productId, now);
  await closeOrders(tx, lapsed, now);
  await releaseLapsedOrphanHolds(tx, now, [productId]);
}

/** Cash: order and holds move together, so the sweeper never frees a site of a live cash order. */
export async function holdForCash(tx: Db, orderId: number, until: Date): Promise<OrderRow | undefined> {
  const updated = await setAwaitingCash(tx, orderId, until);
  if (updated) await extendOrderHolds(tx, orderId, until);
  return updated;
}

export type ProviderOrderOutcome =
  | { kind: 'attached' | 'taken' | 'stale'; order: OrderRow }
  | { kind: 'closed'; order?: OrderRow };

/**
 * Under the order's row lock: stores the provider order made for `amountPaise` only while that is still
 * the order's total with GST (taxes recorded meanwhile make it `stale`: make a new one), and only once
 * (`taken`: a concurrent checkout stored one first).
 */
export async function recordProviderOrder(
  tx: Db,
  orderId: number,
  provider: string,
  providerOrderId: string,
  amountPaise: number,
): Promise<ProviderOrderOutcome> {
  const order = await lockOrder(tx, orderId);
  if (!order || !isUnpaidOrder(order.status)) return { kind: 'closed', order };
  if (order.providerOrderId) return { kind: 'taken', order };
  if (order.amountPaise !== amountPaise) return { kind: 'stale', order };
  const attached = await attachProviderOrder(tx, orderId, provider, providerOrderId);
  return attached ? { kind: 'attached', order: attached } : { kind: 'closed', order };
}

/**
 * Pay online on an order that was waiting for cash (awaiting_payment -> pending_payment): the online
 * window opens, and the hold ends at the earlier of the order's expiry and the window's end - never
 * later (docs/product-rules.md: choosing a payment method never extends a hold). Holds move with it.
 */
export async function openOnlineWindow(
  tx: Db,
  orderId: number,
  now: Date,
  windowMs: number,
): Promise<OrderRow | undefined> {
  const order = await lockOrder(tx, orderId);
  if (!order || !isUnpaidOrder(order.status)) return undefined;
  const until = new Date(Math.min(order.expiresAt.getTime(), now.getTime() + windowMs));
  const updated = await setPayingOnline(tx, orderId, until);
  if (updated) await extendOrderHolds(tx, orderId, until);
  return updated;
}

/** The holds become bookings (23P01 when a lapsed hold's dates were taken meanwhile). */
export { confirmOrderBookings };

/** A captured payment applied: paid, and the held lines scheduled. */
export async function markOrderPaid(tx: Db, orderId: number, now: Date): Promise<void> {
  await moveOrder(tx, orderId, 'paid', now);
  await scheduleHeldLines(tx, orderId, now);
}

/** A payment that came too late (closed order, sites taken): failed, its lines never booked. */
export async function markOrderFailed(tx: Db, orderId: number, now: Date): Promise<void> {
  await moveOrder(tx, orderId, 'failed', now);
  await cancelHeldLines(tx, [orderId], now);
  await releaseOrderHolds(tx, [orderId]);
}

/** Frees the dates of cancelled lines at once. */
export { cancelLineBookings as freeLineDates };
