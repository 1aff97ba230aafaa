/**
 * What other modules use of notifications (they never import its repository, decision 025): queue
 * messages in their own transaction, and the channel that wakes the delivery job. The messages about an
 * order take the orders module's read of its contacts (OrderContactsOf) from their caller: orders sits
 * above notifications (decision 072).
 */

import type { UndeliveredSmsResponse } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { listFailedSms } from './notifications.repository.ts';

export { queueLinesCancelled, queueOwnerRefundParts } from './line-cancel-notifications.ts';
export { deliverPendingNotifications } from './notification-delivery.ts';
export {
  forgetRecipients,
  isReachable,
  NOTIFICATIONS_CHANNEL,
  type NotificationRequest,
  type NotificationTemplate,
  queueNotifications,
} from './notifications.repository.ts';
export {
  type OrderContacts,
  type OrderContactsOf,
  queueBookingConfirmed,
  queueCashOrderPlaced,
} from './order-notifications.ts';
export type { OwnerNotificationTemplate } from './owner-notification-texts.ts';
export { queueOwnerNotice } from './owner-notifications.ts';
export { queuePaymentReturned, queueRefundIssued } from './refund-notifications.ts';
export { queueSiteTakenDownToBuyers } from './site-notifications.ts';

/** GET /api/ops/sms/undelivered: what operators read of the SMS not sent (the number by its last 4 digits). */
export async function undeliveredSms(db: Db): Promise<UndeliveredSmsResponse> {
  const rows = await listFailedSms(db, 200);
  return {
    results: rows.map((r) => ({
      id: r.id,
      template: r.template,
      reason: r.lastError,
      attempts: r.attempts,
      recipient_last4: r.recipient.slice(-4),
      created_at: r.createdAt.toISOString(),
    })),
  };
}
