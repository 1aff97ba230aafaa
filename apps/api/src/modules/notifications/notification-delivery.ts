import { toE164 } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inSavepoint, inTransaction } from '../../db/transaction.ts';
import type { SmsProvider } from '../sms/sms.provider.ts';
import {
  type DltMessage,
  dltRefusal,
  type PreparedSms,
  prepareSms,
  SMS_TEMPLATES,
} from '../sms/sms.service.ts';
import { renderNotification } from './notification-texts.ts';
import type { NotificationTemplate } from './notifications.repository.ts';
import {
  claimNextPending,
  markNotificationFailedAttempt,
  markNotificationSent,
  type NotificationRow,
} from './notifications.repository.ts';
import { smsOf } from './sms-variables.ts';

/** Without `config` (tests of the outbox alone) SMS go out as in development: every template, no ids. */
type Deps = Pick<AppDeps, 'database' | 'clock' | 'sms' | 'mail'> & { config?: Pick<Config, 'env' | 'sms'> };

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
async function sendSms(
  sms: SmsProvider,
  tx: Db,
  recipient: string,
  text: string,
  dlt?: DltMessage,
): Promise<void> {
  const to = /^\d{10}$/.test(recipient) ? toE164(recipient) : recipient;
  const inTx = sms as SmsProvider & { sendIn?: (tx: Db, to: string, text: string) => Promise<void> };
  if (typeof inTx.sendIn === 'function') await inTx.sendIn(tx, to, text);
  else await sms.send(to, text, dlt);
}

const NO_CONFIG: Pick<Config, 'env' | 'sms'> = {
  env: 'development',
  sms: { provider: 'console', senderId: '', template: '' },
};

/** The SMS of a notification, made from its registered DLT template (sms-templates.ts). */
function notificationSms(config: Pick<Config, 'env' | 'sms'>, row: NotificationRow): PreparedSms | string {
  if (!(row.template in SMS_TEMPLATES)) return `no SMS template for ${row.template} in sms-templates.ts`;
  const { key, values } = smsOf(row.template as NotificationTemplate, row.payload);
  return prepareSms(config, key, values);
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
      const config = deps.config ?? NO_CONFIG;
      const sms = row.channel === 'sms' ? notificationSms(config, row) : undefined;
      // Under DLT a message that is not registered is never sent in production: failed at once with the
      // reason (operators list them, GET /api/ops/sms/undelivered), no retries that could not succeed.
      const refusal =
        typeof sms === 'string'
          ? config.env === 'production'
            ? sms
            : null
          : sms
            ? dltRefusal(config, sms)
            : null;
      if (refusal) {
        await markNotificationFailedAttempt(tx, row.id, refusal, true);
        log.warn(
          { notificationId: row.id, template: row.template, reason: refusal },
          'sms not sent under DLT',
        );
        return 'failed' as const;
      }
      try {
        // A savepoint: a failed outbox write must not abort the transaction that records the failure.
        await inSavepoint(tx, async (sp) => {
          if (row.channel === 'sms') {
            // A template missing from the list (development only gets here) goes out as its plain text.
            if (typeof sms === 'object') await sendSms(deps.sms, sp, row.recipient, sms.text, sms.dlt);
            else await sendSms(deps.sms, sp, row.recipient, message.text);
          } else
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
