import { normalisePhone } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { type NotificationRequest, queueNotifications } from './notifications.repository.ts';
import type { OrderContactsOf } from './order-notifications.ts';

/**
 * Queues, in the cancelling transaction, "booking cancelled" to the owner of each cancelled line's site
 * (SMS and email) and to the buyer, so an owner never mounts a cancelled campaign (issue 19). One message
 * per line and recipient (dedupe keys). A refund is told when it is processed, never here (decision 065:
 * queueOwnerRefundParts and the buyer's "refund issued", from the settlement).
 */
export async function queueLinesCancelled(
  tx: Db,
  p: { orderId: number; lineIds: number[]; reason: string; refundRupees: number; eventKey: string },
  orderContactsOf: OrderContactsOf,
): Promise<void> {
  const order = await orderContactsOf(tx, p.orderId);
  if (!order) return;
  const requests: NotificationRequest[] = [];
  for (const line of order.lines.filter((l) => p.lineIds.includes(l.id))) {
    const payload = {
      orderId: p.orderId,
      siteName: line.siteName,
      fromDate: line.fromDate,
      toDate: line.toDate,
      reason: p.reason,
      amountRupees: p.refundRupees,
    };
    const key = `${p.eventKey}:line:${line.id}`;
    const owner = [
      ...(line.ownerPhone ? [{ channel: 'sms' as const, to: normalisePhone(line.ownerPhone) }] : []),
      ...(line.ownerEmail ? [{ channel: 'email' as const, to: line.ownerEmail.toLowerCase() }] : []),
    ];
    for (const r of owner) {
      if (!r.to) continue;
      requests.push({
        dedupeKey: `${key}:owner:${r.channel}`,
        channel: r.channel,
        recipient: r.to,
        template: 'booking_cancelled_owner',
        payload,
      });
    }
    requests.push({
      dedupeKey: `${key}:buyer:sms`,
      channel: 'sms',
      recipient: order.buyerPhone,
      template: 'booking_cancelled_buyer',
      payload,
    });
    if (order.buyerEmail)
      requests.push({
        dedupeKey: `${key}:buyer:email`,
        channel: 'email',
        recipient: order.buyerEmail.toLowerCase(),
        template: 'booking_cancelled_buyer',
        payload,
      });
  }
  await queueNotifications(tx, requests);
}

/**
 * A refund, processed: each named line's site owner is told of its line's part (the refund's stored
 * parts, as My Orders and the statement read them), by SMS and email, once per refund and line.
 */
export async function queueOwnerRefundParts(
  tx: Db,
  p: { orderId: number; refundId: number; reason: string; parts: ReadonlyMap<number, number> },
  orderContactsOf: OrderContactsOf,
): Promise<void> {
  const order = await orderContactsOf(tx, p.orderId);
  if (!order) return;
  const requests: NotificationRequest[] = [];
  for (const line of order.lines) {
    const paise = p.parts.get(line.id) ?? 0;
    if (paise <= 0) continue;
    const payload = {
      orderId: p.orderId,
      siteName: line.siteName,
      fromDate: line.fromDate,
      toDate: line.toDate,
      reason: p.reason,
      amountRupees: paise / 100,
    };
    const owner = [
      ...(line.ownerPhone ? [{ channel: 'sms' as const, to: normalisePhone(line.ownerPhone) }] : []),
      ...(line.ownerEmail ? [{ channel: 'email' as const, to: line.ownerEmail.toLowerCase() }] : []),
    ];
    for (const r of owner) {
      if (!r.to) continue;
      requests.push({
        dedupeKey: `refund:${p.refundId}:line:${line.id}:owner:${r.channel}`,
        channel: r.channel,
        recipient: r.to,
        template: 'refund_issued_owner',
        payload,
      });
    }
  }
  await queueNotifications(tx, requests);
}
