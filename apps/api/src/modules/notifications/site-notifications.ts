import type { Db } from '../../db/client.ts';
import { type NotificationRequest, queueNotifications } from './notifications.repository.ts';
import type { OrderContacts, OrderContactsOf } from './order-notifications.ts';

/**
 * A site taken down (docs/product-rules.md section 7): each buyer with a paid line still to run on it is told
 * by SMS and email, in the take-down's transaction, one message per line and channel (dedupe keys), so a
 * replayed take-down tells no one twice. An operator then decides: keep, move, or cancel with a full refund.
 */
export async function queueSiteTakenDownToBuyers(
  tx: Db,
  p: {
    eventKey: string;
    siteName: string;
    siteCode: string;
    lines: Array<{ lineId: number; orderId: number; fromDate: string; toDate: string }>;
  },
  orderContactsOf: OrderContactsOf,
): Promise<number> {
  const requests: NotificationRequest[] = [];
  const buyers = new Map<number, OrderContacts | undefined>();
  for (const line of p.lines) {
    if (!buyers.has(line.orderId)) buyers.set(line.orderId, await orderContactsOf(tx, line.orderId));
    const order = buyers.get(line.orderId);
    if (!order) continue;
    const payload = {
      orderId: line.orderId,
      siteName: p.siteName,
      siteCode: p.siteCode,
      fromDate: line.fromDate,
      toDate: line.toDate,
    };
    const key = `${p.eventKey}:line:${line.lineId}:buyer`;
    requests.push({
      dedupeKey: `${key}:sms`,
      channel: 'sms',
      recipient: order.buyerPhone,
      template: 'site_taken_down_buyer',
      payload,
    });
    if (order.buyerEmail)
      requests.push({
        dedupeKey: `${key}:email`,
        channel: 'email',
        recipient: order.buyerEmail.toLowerCase(),
        template: 'site_taken_down_buyer',
        payload,
      });
  }
  return queueNotifications(tx, requests);
}
