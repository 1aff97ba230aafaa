/**
 * What other modules use of notifications (they never import its repository, decision 025): queue
 * messages in their own transaction, and the channel that wakes the delivery job.
 */

export { deliverPendingNotifications } from './notification-delivery.ts';
export {
  NOTIFICATIONS_CHANNEL,
  type NotificationRequest,
  type NotificationTemplate,
  queueNotifications,
} from './notifications.repository.ts';
export { queueBookingConfirmed, queueCashOrderPlaced } from './order-notifications.ts';
export type { OwnerNotificationTemplate } from './owner-notification-texts.ts';
export { queueOwnerNotice } from './owner-notifications.ts';
export { queueSiteTakenDownToBuyers } from './site-notifications.ts';
