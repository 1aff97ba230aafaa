import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailProvider } from './mail.provider.ts';
import { listMailOutbox } from './mail.repository.ts';
import { OutboxMailProvider } from './outbox-mail.provider.ts';
import { SmtpMailProvider } from './smtp-mail.provider.ts';

/** SMTP when SMTP_URL is set, otherwise the dev outbox. */
export function createMailProvider(config: Config, clock: Clock): MailProvider {
  if (config.mail.smtpUrl) return new SmtpMailProvider(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailProvider(clock);
}

/** The dev outbox route exists only with the outbox provider and never in production. */
export function devMailOutboxEnabled(config: Config, mail: MailProvider): boolean {
  return mail.name === 'outbox' && config.env !== 'production';
}

export async function listDevMailOutbox(db: Db, to: string) {
  const rows = await listMailOutbox(db, to.toLowerCase(), 20);
  return rows.map((r) => ({
    to: r.toAddress,
    subject: r.subject,
    text: r.text,
    created_at: r.createdAt.toISOString(),
  }));
}
