import { maskPhone, normalisePhone } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsProvider } from './sms.provider.ts';
import { insertOutboxMessage } from './sms.repository.ts';

/**
 * The offline provider (docs/product-rules.md section 1): nothing leaves the machine. The message lands in the
 * sms_outbox table, which GET /api/dev/sms-outbox shows outside production. The log line names a masked
 * number only; the text (it holds the code) never reaches a log.
 */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(phoneE164: string, text: string): Promise<void> {
    await this.sendIn(this.db, phoneE164, text);
  }

  /**
   * The same, written in the caller's transaction: the notification delivery marks a message sent in
   * the transaction that writes it here, so the outbox holds each notification exactly once.
   */
  async sendIn(tx: Db, phoneE164: string, text: string): Promise<void> {
    // The outbox is queried by the 10-digit number the rest of the API uses.
    const phone = normalisePhone(phoneE164) ?? phoneE164;
    await insertOutboxMessage(tx, phone, text, this.clock.now());
    this.log?.info({ to: maskPhone(phone) }, 'sms: code written to the dev outbox (GET /api/dev/sms-outbox)');
  }
}
