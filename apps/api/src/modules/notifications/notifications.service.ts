/**
 * The notifications module's door for other modules (decision 025): queue messages inside the caller's
 * business transaction (a transactional outbox); the job queue delivers them.
 */
export {
  type NotificationRequest,
  type NotificationTemplate,
  queueNotifications,
} from './notifications.repository.ts';
