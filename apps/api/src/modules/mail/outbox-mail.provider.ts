import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailMessage, MailProvider } from './mail.provider.ts';
import { insertMailOutbox } from './mail.repository.ts';

/** Development and tests: nothing leaves the machine; GET /api/dev/mail-outbox shows the messages. */
export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox' as const;
  constructor(private readonly clock: Clock) {}

  async send(tx: Db, message: MailMessage): Promise<void> {
    await insertMailOutbox(tx, message, this.clock.now());
  }
}
