import type { Config } from '../../config.ts';
import {
  type DltMessage,
  fillSmsTemplate,
  parseTemplateIds,
  type SmsTemplateKey,
  templateIdOf,
} from './sms-templates.ts';

/** An SMS made from its registered template: the text the phone shows and what the gateway files under DLT. */
export interface PreparedSms {
  text: string;
  dlt: DltMessage;
}

/**
 * The SMS of `key` with its variables, its template id from SMS_DLT_TEMPLATE_IDS or sms-templates.ts.
 * `text` overrides the filled template (the sign-in code's SMS_TEMPLATE setting, which must be the
 * registered text).
 */
export function prepareSms(
  config: Pick<Config, 'sms'>,
  key: SmsTemplateKey,
  variables: readonly string[],
  text?: string,
): PreparedSms {
  const ids = parseTemplateIds(config.sms.dltTemplateIds);
  return {
    text: text ?? fillSmsTemplate(key, variables),
    dlt: {
      templateKey: key,
      templateId: templateIdOf(key, ids),
      entityId: config.sms.dltEntityId ?? null,
      variables: [...variables],
    },
  };
}

/**
 * Why an SMS may not go out, or null when it may: a real gateway in production sends only registered
 * templates under the registered entity (an operator's network drops anything else, and the sender is
 * answerable for it). Development and the console outbox send everything.
 */
export function dltRefusal(config: Pick<Config, 'env' | 'sms'>, sms: PreparedSms): string | null {
  if (config.env !== 'production' || config.sms.provider !== 'http') return null;
  if (!sms.dlt.templateId)
    return `SMS template ${sms.dlt.templateKey} has no DLT template id (register it and set SMS_DLT_TEMPLATE_IDS)`;
  if (!sms.dlt.entityId) return 'SMS_DLT_ENTITY_ID is not set: no SMS can be sent under DLT';
  return null;
}

/** Refused before the gateway was asked: not retried, the reason kept for operators. */
export class SmsNotRegisteredError extends Error {}
