import type { Db } from '../../db/client.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where email goes out (docs/product-rules.md section 11). `tx` is the transaction that marks the notification sent:
 * the dev outbox writes in it (so a message exists exactly when its delivery committed); SMTP ignores it.
 */
export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  send(tx: Db, message: MailMessage): Promise<void>;
}
