import { type SmsProvider, SmsSendError } from './sms.provider.ts';
import type { DltMessage } from './sms-templates.ts';

export interface HttpSmsOptions {
  url: string;
  apiKey?: string;
  sender: string;
  /** How long to wait for the gateway; 5 s by default. */
  timeoutMs?: number;
}

/**
 * A generic SMS gateway: POST {to, sender, message} as JSON with a bearer key, and under DLT the
 * `dlt_entity_id`, `dlt_template_id` and `variables` (the values of the template's `{#var#}`, in order)
 * that Indian gateways take with each message. Any non-2xx answer, a network error or no answer within
 * the timeout is a failed send.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(phoneE164: string, text: string, dlt?: DltMessage): Promise<void> {
    const { url, apiKey, sender, timeoutMs = 5000 } = this.options;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          to: phoneE164,
          sender,
          message: text,
          ...(dlt
            ? {
                dlt_entity_id: dlt.entityId,
                dlt_template_id: dlt.templateId,
                template: dlt.templateKey,
                variables: dlt.variables,
              }
            : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new SmsSendError(
        timedOut ? `SMS gateway did not answer within ${timeoutMs} ms` : 'SMS gateway unreachable',
      );
    }
    // Drain the body so the connection is released; its content is not needed (and may echo the number).
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsSendError(`SMS gateway answered HTTP ${response.status}`);
  }
}
