import { normalisePhone } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { type NotificationRequest, queueNotifications } from './notifications.repository.ts';

/**
 * Whom an order's messages go to: the order, its buyer, and each line with its site's owner contact, in
 * start order. The orders module reads it (orders' order-contacts.service.ts `orderContacts`); orders
 * sits above notifications (decision 072), so its callers hand the read in and this module reads no order
 * table (issue 43).
 */
export interface OrderContacts {
  id: number;
  amountPaise: number;
  buyerPhone: string;
  buyerEmail: string | null;
  lines: Array<{
    id: number;
    siteName: string;
    fromDate: string;
    toDate: string;
    ownerId: number | null;
    ownerPhone: string | null;
    ownerEmail: string | null;
  }>;
}

/** The orders module's read of an order's contacts, in the caller's transaction; undefined for none. */
export type OrderContactsOf = (tx: Db, orderId: number) => Promise<OrderContacts | undefined>;

const siteList = (names: string[]): string =>
  names.length <= 2 ? names.join(' and ') : `${names[0]} and ${names.length - 1} more sites`;

/**
 * Queues "booking confirmed" in the payment's transaction: the buyer by SMS (and email when the profile
 * has one), each media owner whose sites the order books by SMS and email (one message per owner naming
 * its sites). Dedupe keys make a replayed payment queue nothing new.
 */
export async function queueBookingConfirmed(
  tx: Db,
  orderId: number,
  _now: Date,
  orderContactsOf: OrderContactsOf,
): Promise<void> {
  const order = await orderContactsOf(tx, orderId);
  if (!order || order.lines.length === 0) return;
  const first = order.lines[0]!;
  const lastTo = order.lines.reduce((max, l) => (l.toDate > max ? l.toDate : max), first.toDate);
  const buyerPayload = {
    orderId,
    sites: order.lines.length,
    fromDate: first.fromDate,
    toDate: lastTo,
    amountRupees: order.amountPaise / 100,
  };
  const requests: NotificationRequest[] = [];
  const key = `order:${orderId}:confirmed`;
  requests.push({
    dedupeKey: `${key}:buyer:sms`,
    channel: 'sms',
    recipient: order.buyerPhone,
    template: 'booking_confirmed_buyer',
    payload: buyerPayload,
  });
  if (order.buyerEmail)
    requests.push({
      dedupeKey: `${key}:buyer:email`,
      channel: 'email',
      recipient: order.buyerEmail.toLowerCase(),
      template: 'booking_confirmed_buyer',
      payload: buyerPayload,
    });

  const byOwner = new Map<number, typeof order.lines>();
  for (const line of order.lines) {
    if (line.ownerId === null) continue;
    byOwner.set(line.ownerId, [...(byOwner.get(line.ownerId) ?? []), line]);
  }
  for (const [ownerId, lines] of byOwner) {
    const head = lines[0]!;
    const payload = {
      orderId,
      siteName: siteList([...new Set(lines.map((l) => l.siteName))]),
      fromDate: head.fromDate,
      toDate: lines.reduce((max, l) => (l.toDate > max ? l.toDate : max), head.toDate),
    };
    const phone = head.ownerPhone ? normalisePhone(head.ownerPhone) : null;
    if (phone)
      requests.push({
        dedupeKey: `${key}:owner:${ownerId}:sms`,
        channel: 'sms',
        recipient: phone,
        template: 'booking_confirmed_owner',
        payload,
      });
    if (head.ownerEmail)
      requests.push({
        dedupeKey: `${key}:owner:${ownerId}:email`,
        channel: 'email',
        recipient: head.ownerEmail.toLowerCase(),
        template: 'booking_confirmed_owner',
        payload,
      });
  }
  await queueNotifications(tx, requests);
}

/**
 * "Order placed, pay by cash or bank transfer" to the buyer by SMS (and email when the profile has one):
 * the amount with GST, the payee's bank details, the order number and the end of the hold (issue 19).
 * One message per order whatever the number of times cash is chosen (dedupe keys).
 */
export async function queueCashOrderPlaced(
  tx: Db,
  orderId: number,
  payload: Record<string, string | number>,
  orderContactsOf: OrderContactsOf,
): Promise<void> {
  const order = await orderContactsOf(tx, orderId);
  if (!order) return;
  const key = `order:${orderId}:offline-placed:buyer`;
  const requests: NotificationRequest[] = [
    {
      dedupeKey: `${key}:sms`,
      channel: 'sms',
      recipient: order.buyerPhone,
      template: 'cash_order_placed',
      payload,
    },
  ];
  if (order.buyerEmail)
    requests.push({
      dedupeKey: `${key}:email`,
      channel: 'email',
      recipient: order.buyerEmail.toLowerCase(),
      template: 'cash_order_placed',
      payload,
    });
  await queueNotifications(tx, requests);
}
