import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { OwnerNotificationTemplate } from './owner-notification-texts.ts';

/** The events of docs/product-rules.md section 11 that send a message. */
export type NotificationTemplate =
  | 'booking_confirmed_buyer'
  | 'booking_confirmed_owner'
  | 'cash_order_placed'
  | 'creative_submitted'
  | 'creative_approved'
  | 'creative_rejected'
  | 'proof_posted'
  | 'refund_issued'
  | 'payment_returned'
  | 'refund_issued_owner'
  | 'booking_cancelled_owner'
  | 'booking_cancelled_buyer'
  | 'site_taken_down_buyer'
  | 'creative_due_reminder'
  | 'creative_overdue'
  | 'proof_due_reminder'
  | 'proof_overdue'
  // To a buyer holding a site's dates (decision 082): the hold ends within a day; another buyer asked;
  // the hold ended at its time. To the buyer who asked (decision 084): the dates are free again.
  | 'hold_expiring'
  | 'hold_requested'
  | 'hold_expired'
  | 'hold_dates_free'
  // To a brief's buyer (decision 086): an owner's proposal arrived; an owner countered the buyer's counter.
  | 'proposal_received'
  | 'proposal_countered_buyer'
  // To an agency's planner (decision 092): the client's approver approved or rejected the plan's link.
  | 'approval_decided'
  // To a client's approver, by email only (decision 092): a planner asks for a yes on a plan, with its link.
  | 'approval_asked'
  // To media owners about their team, application and sites (decision 046; texts in owner-notification-texts.ts).
  | OwnerNotificationTemplate;

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
  const reachable = requests.filter(isReachable);
  if (reachable.length === 0) return 0;
  const inserted = await tx
    .insert(notifications)
    .values(reachable.map((r) => ({ ...r, payload: r.payload ?? {} })))
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  // Wakes the delivery job once this transaction commits (nothing is sent if it rolls back).
  if (inserted.length > 0) await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  return inserted.length;
}

/**
 * Whether a message can reach its recipient at all. An erased account's number reads `erased-<id>` and its
 * email is gone (decision 085), so a later event on one of its kept orders (a refund, a site taken down)
 * queues nothing for it: the person asked not to be contacted, and the gateway would only fail on it.
 */
export function isReachable(request: Pick<NotificationRequest, 'channel' | 'recipient'>): boolean {
  return request.channel === 'sms'
    ? /^\d{10}$/.test(request.recipient)
    : /^[^@\s]+@[^@\s]+$/.test(request.recipient);
}

/**
 * An erased account's messages (decision 085): those still waiting are dropped, so none is sent after the
 * erasure, and the number or address is taken out of the ones already sent (with their texts' variables),
 * which keeps the rows their dedupe keys need and nothing personal. Returns how many waiting were dropped.
 */
export async function forgetRecipients(tx: Db, recipients: string[]): Promise<number> {
  const list = [...new Set(recipients.filter((r) => r.length > 0))];
  if (list.length === 0) return 0;
  const dropped = await tx
    .delete(notifications)
    .where(and(inArray(notifications.recipient, list), eq(notifications.status, 'pending')))
    .returning({ id: notifications.id });
  await tx
    .update(notifications)
    .set({ recipient: 'erased', payload: {} })
    .where(inArray(notifications.recipient, list));
  return dropped.length;
}

/** The NOTIFY channel that tells the job queue new notifications committed. */
export const NOTIFICATIONS_CHANNEL = 'ooh_notifications';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The next pending notification after `afterId`, locked for the caller's transaction; rows another
 * worker holds are skipped (SKIP LOCKED), so two workers never deliver the same one.
 */
export async function claimNextPending(tx: Db, afterId: number): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.status, 'pending'), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markNotificationSent(tx: Db, id: number, now: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ status: 'sent', sentAt: now, attempts: sql`${notifications.attempts} + 1`, lastError: null })
    .where(eq(notifications.id, id));
}

export async function markNotificationFailedAttempt(
  tx: Db,
  id: number,
  error: string,
  giveUp: boolean,
): Promise<void> {
  await tx
    .update(notifications)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts: sql`${notifications.attempts} + 1`,
      lastError: error.slice(0, 300),
    })
    .where(eq(notifications.id, id));
}

/** The SMS given up on (DLT refusals and gateways that kept failing), newest first, for operators. */
export async function listFailedSms(db: Db, limit: number) {
  return db
    .select({
      id: notifications.id,
      template: notifications.template,
      lastError: notifications.lastError,
      attempts: notifications.attempts,
      recipient: notifications.recipient,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.channel, 'sms'), eq(notifications.status, 'failed')))
    .orderBy(desc(notifications.id))
    .limit(limit);
}
