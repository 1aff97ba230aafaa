import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConsoleSmsProvider } from './console-sms.provider.ts';
import { HttpSmsProvider } from './http-sms.provider.ts';
import type { SmsProvider } from './sms.provider.ts';
import { listOutboxMessages } from './sms.repository.ts';

/** The provider SMS_PROVIDER selects; buildApp uses it unless a test injects its own. */
export function createSmsProvider(
  config: Config,
  db: Db,
  clock: Clock,
  log?: ConstructorParameters<typeof ConsoleSmsProvider>[2],
): SmsProvider {
  if (config.sms.provider === 'http') {
    // loadConfig refuses SMS_PROVIDER=http without SMS_HTTP_URL.
    return new HttpSmsProvider({
      url: config.sms.url!,
      apiKey: config.sms.apiKey,
      sender: config.sms.senderId,
    });
  }
  return new ConsoleSmsProvider(db, clock, log);
}

/** The dev outbox exists only with the console provider and never in production. */
export function devOutboxEnabled(config: Config, sms: SmsProvider): boolean {
  return sms instanceof ConsoleSmsProvider && config.env !== 'production';
}

export async function listDevOutbox(db: Db, phoneNumber: string) {
  const rows = await listOutboxMessages(db, phoneNumber, 20);
  return rows.map((r) => ({
    phone_number: r.phoneNumber,
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}

// What other modules use of DLT (decision 078), through this service only (decision 072).
export { dltRefusal, type PreparedSms, prepareSms, SmsNotRegisteredError } from './sms-dlt.ts';
export { type DltMessage, SMS_TEMPLATES, type SmsTemplateKey } from './sms-templates.ts';
