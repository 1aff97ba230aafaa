import type { DltMessage } from './sms-templates.ts';

/**
 * Where SMS go out. `console` keeps a dev outbox (tests and local runs read codes from it); `http` posts to
 * an SMS gateway with the DLT template id and variables. The caller builds the text from its registered
 * template (sms-templates.ts); a provider only delivers it.
 */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message; rejects (SmsSendError) otherwise. */
  send(phoneE164: string, text: string, dlt?: DltMessage): Promise<void>;
}

/** A delivery failure. Its message names the gateway's answer, never the number or the text. */
export class SmsSendError extends Error {}
