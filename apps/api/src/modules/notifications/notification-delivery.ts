import { toE164 } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inSavepoint, inTransaction } from '../../db/transaction.ts';
import type { SmsProvider } from '../sms/sms.provider.ts';
import { renderNotification } from './notification-texts.ts';
import {
  claimNextPending,
  markNotificationFailedAttempt,
  markNotificationSent,
  type NotificationRow,
} from './notifications.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'sms' | 'mail'>;

/** A message that failed this many times is marked failed and left for an operator. */
export const MAX_ATTEMPTS = 5;
const PASS_LIMIT = 1000;

export interface DeliverySummary {
  sent: number;
  failed: number;
}

/** Test hook: runs after a message was handed over and before its transaction commits (crash tests). */
export type BeforeCommit = (row: NotificationRow) => Promise<void>;

/** An SMS provider that can write in our transaction (the console outbox) does; others just send. */
async function sendSms(sms: SmsProvider, tx: Db, recipient: string, text: string): Promise<void> {
  const to = /^\d{10}$/.test(recipient) ? toE164(recipient) : recipient;
  const inTx = sms as SmsProvider & { sendIn?: (tx: Db, to: string, text: string) => Promise<void> };
  if (typeof inTx.sendIn === 'function') await inTx.sendIn(tx, to, text);
  else await sms.send(to, text);
}

/**
 * Delivers pending notifications one at a time, each in its own transaction: lock the row (skipping rows
 * another worker holds), hand the message over, mark it sent, commit. With the dev outboxes the message is
 * written in that same transaction, so it exists exactly once whatever crashes (docs/decisions/028). With
 * a real gateway a crash between its acceptance and our commit sends it again on the next pass: at least
 * once. A failure is counted and retried on a later pass; after MAX_ATTEMPTS it is marked failed.
 */
export async function deliverPendingNotifications(
  deps: Deps,
  log: { warn(o: object, m: string): void },
  options: { beforeCommit?: BeforeCommit } = {},
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, failed: 0 };
  let cursor = 0;
  for (let i = 0; i < PASS_LIMIT; i += 1) {
    const outcome = await inTransaction(deps.database.db, async (tx) => {
      const row = await claimNextPending(tx, cursor);
      if (!row) return 'empty' as const;
      cursor = row.id;
      const message = renderNotification(row.template, row.payload);
      try {
        // A savepoint: a failed outbox write must not abort the transaction that records the failure.
        await inSavepoint(tx, async (sp) => {
          if (row.channel === 'sms') await sendSms(deps.sms, sp, row.recipient, message.text);
          else
            await deps.mail.send(sp, {
              to: row.recipient,
              subject: message.subject,
              text: message.text,
            });
        });
      } catch (err) {
        const reason = err instanceof Error ? err.message : 'unknown error';
        const giveUp = row.attempts + 1 >= MAX_ATTEMPTS;
        await markNotificationFailedAttempt(tx, row.id, reason, giveUp);
        log.warn(
          { notificationId: row.id, template: row.template, attempts: row.attempts + 1, giveUp },
          'notification not delivered',
        );
        return 'failed' as const;
      }
      await markNotificationSent(tx, row.id, deps.clock.now());
      await options.beforeCommit?.(row);
      return 'sent' as const;
    });
    if (outcome === 'empty') break;
    summary[outcome] += 1;
  }
  return summary;
}
