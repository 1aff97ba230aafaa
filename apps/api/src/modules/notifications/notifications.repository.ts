import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/** The events of DESIGN.md section 11 that send a message. */
export type NotificationTemplate =
  | 'booking_confirmed_buyer'
  | 'booking_confirmed_owner'
  | 'creative_submitted'
  | 'creative_approved'
  | 'creative_rejected'
  | 'proof_posted'
  | 'refund_issued'
  | 'creative_due_reminder'
  | 'creative_overdue'
  | 'proof_due_reminder'
  | 'proof_overdue';

export interface NotificationRequest {
  /** Unique per event and recipient, e.g. `order:12:confirmed:buyer:sms`: a replayed event queues nothing. */
  dedupeKey: string;
  channel: 'sms' | 'email';
  recipient: string;
  template: NotificationTemplate;
  payload?: Record<string, unknown>;
}

/**
 * Queues messages in the caller's transaction (a transactional outbox): they exist exactly when the event
 * that causes them committed, and the job queue delivers each once. Returns how many were new.
 */
export async function queueNotifications(tx: Db, requests: NotificationRequest[]): Promise<number> {
  if (requests.length === 0) return 0;
  const inserted = await tx
    .insert(notifications)
    .values(requests.map((r) => ({ ...r, payload: r.payload ?? {} })))
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return inserted.length;
}
