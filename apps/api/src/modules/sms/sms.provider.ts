/**
 * Where one-time codes go out. `console` keeps a dev outbox (tests and local runs read codes from it);
 * `http` posts to an SMS gateway. The caller builds the text; a provider only delivers it.
 */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message; rejects (SmsSendError) otherwise. */
  send(phoneE164: string, text: string): Promise<void>;
}

/** A delivery failure. Its message names the gateway's answer, never the number or the text. */
export class SmsSendError extends Error {}
