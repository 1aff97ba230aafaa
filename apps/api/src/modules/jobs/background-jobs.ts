import type { AppInstance } from '../../app-types.ts';
import { issueLastMonthCommissionInvoices } from '../../workflows/commission-invoices.workflow.ts';
import { reconcilePayments } from '../../workflows/pay.workflow.ts';
import { syncDuePayouts } from '../../workflows/payout-sync.workflow.ts';
import { retryDueRefunds } from '../../workflows/settle-refund.workflow.ts';
import { releaseExpiredHolds, SWEEP_INTERVAL_MS } from '../bookings/hold-sweeper.ts';
import { expireHolds, queueHoldReminders } from '../holds/holds.service.ts';
import { deliverPendingNotifications } from '../notifications/notification-delivery.ts';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service.ts';
import { completeFinishedLines } from '../orders/line-completion.service.ts';
import { syncLinkedAccounts } from '../payouts/linked-accounts.service.ts';
import { queueDueReminders } from '../reminders/reminders.service.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/** The background work of docs/product-rules.md section 11, by queue name. */
export const JOBS = {
  releaseHolds: 'holds.release-expired',
  expireOptions: 'holds.expire-options',
  remindOptions: 'holds.remind-options',
  reconcilePayments: 'payments.reconcile',
  completeLines: 'lines.complete',
  queueReminders: 'reminders.queue',
  deliverNotifications: 'notifications.deliver',
  retryRefunds: 'refunds.retry',
  syncPayouts: 'payouts.sync',
  commissionInvoices: 'invoices.commission',
} as const;

/** Lines complete and reminders are looked at four times an hour; each acts once (dedupe keys, moveLine). */
export const LINES_INTERVAL_MS = 15 * 60_000;
/** A catch-up delivery pass (retries, and anything whose wake-up notice was missed). */
export const DELIVERY_INTERVAL_MS = 60_000;
/** Failed refunds whose pause is over are sent again (same key); pending ones asked about (decision 036). */
export const REFUND_RETRY_INTERVAL_MS = 60_000;
/** Payouts are sent to the provider (created on hold, reversed, released; failures retried) this often. */
export const PAYOUT_SYNC_INTERVAL_MS = 60_000;

/**
 * Registers every background job on `queue` with its handler reading the app's dependencies (the
 * injected clock in tests). Order matters to runDueJobs: reminders are queued before delivery runs.
 */
export function registerBackgroundJobs(queue: JobQueue, app: AppInstance): void {
  const { deps, log } = app;
  const db = deps.database.db;
  queue.every(JOBS.releaseHolds, SWEEP_INTERVAL_MS, async () => {
    const r = await releaseExpiredHolds(db, deps.clock.now());
    if (r.orders || r.holds) log.info(r, 'released expired holds');
  });
  // Buyers' holds (options, decisions 082, 084): ended ones free their dates and are told (holder, asker);
  // holders reminded a day before.
  queue.every(JOBS.expireOptions, SWEEP_INTERVAL_MS, async () => {
    const r = await expireHolds(db, deps.clock.now());
    if (r.expired || r.told) log.info(r, 'expired holds');
  });
  queue.every(JOBS.remindOptions, LINES_INTERVAL_MS, async () => {
    const r = await queueHoldReminders(db, deps.clock.now());
    if (r.queued) log.info(r, 'queued hold reminders');
  });
  const intervalMs = deps.config.reconcileIntervalMs;
  if (intervalMs > 0) {
    // The first pass of a process asks about every order in the lookback (it may have been down).
    let scope: 'all' | 'due' = 'all';
    queue.every(JOBS.reconcilePayments, intervalMs, async () => {
      const summary = await reconcilePayments(deps, log, { scope, intervalMs });
      scope = summary.unreachable ? 'all' : 'due';
      if (summary.confirmed || summary.alreadyPaid || summary.sitesTaken || summary.mismatched)
        log.info({ ...summary }, 'payment reconciliation applied captured payments');
    });
  }
  queue.every(JOBS.completeLines, LINES_INTERVAL_MS, async () => {
    const r = await completeFinishedLines(db, deps.clock.now());
    if (r.completed) log.info(r, 'completed finished lines');
  });
  queue.every(JOBS.queueReminders, LINES_INTERVAL_MS, async () => {
    const r = await queueDueReminders(db, deps.clock.now());
    if (r.queued) log.info(r, 'queued reminders');
  });
  queue.every(JOBS.retryRefunds, REFUND_RETRY_INTERVAL_MS, async () => {
    await retryDueRefunds(deps, log);
  });
  // Last month's commission invoices once it is over (DESIGN 18): issued ones are left alone.
  queue.every(JOBS.commissionInvoices, LINES_INTERVAL_MS, async () => {
    const issued = await issueLastMonthCommissionInvoices(deps);
    if (issued) log.info({ issued }, 'issued commission invoices');
  });
  queue.every(JOBS.syncPayouts, PAYOUT_SYNC_INTERVAL_MS, async () => {
    // Linked accounts first (new owners, changed bank details), then the transfers that wait on them.
    await syncLinkedAccounts(deps);
    await syncDuePayouts(deps, log);
  });
  queue.every(JOBS.deliverNotifications, DELIVERY_INTERVAL_MS, async () => {
    await deliverPendingNotifications(deps, log);
  });
}

export interface BackgroundJobs {
  queue: JobQueue;
  stop(): Promise<void>;
}

/**
 * Starts the queue in this process (server.ts): workers, recurring jobs, and a LISTEN on the
 * notifications channel so a committed notification is delivered within moments, not at the next pass.
 */
export async function startBackgroundJobs(app: AppInstance): Promise<BackgroundJobs> {
  if (app.deps.config.env === 'production' && app.deps.mail.name === 'outbox')
    app.log.warn('SMTP_URL is not set: emails stay in the mail_outbox table and reach nobody');
  const queue = createJobQueue(app.deps.database, app.log);
  registerBackgroundJobs(queue, app);
  await queue.start();
  const wake = () =>
    void queue
      .trigger(JOBS.deliverNotifications)
      .catch((err) => app.log.error({ err }, 'could not queue a notification delivery'));
  const unlisten = await app.deps.database.listen(NOTIFICATIONS_CHANNEL, { onNotice: wake, onGap: wake });
  return {
    queue,
    stop: async () => {
      await unlisten();
      await queue.stop();
    },
  };
}
