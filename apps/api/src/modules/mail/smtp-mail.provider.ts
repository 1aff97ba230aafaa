import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { MailMessage, MailProvider } from './mail.provider.ts';

/** A delivery failure; its message names the server's answer, never the address or the text. */
export class MailSendError extends Error {}

/** SMTP_URL (smtp:// or smtps://, credentials in the URL) through nodemailer; MAIL_FROM is the sender. */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as nodemailer.TransportOptions);
  }

  async send(_tx: Db, message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    } catch (err) {
      const code =
        (err as { responseCode?: number; code?: string }).responseCode ?? (err as { code?: string }).code;
      throw new MailSendError(`SMTP refused the message (${code ?? 'no answer'})`);
    }
  }
}
