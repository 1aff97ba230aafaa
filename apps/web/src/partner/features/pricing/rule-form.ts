import {
  addDays,
  formatBookingPeriod,
  formatRupees,
  type IsoDate,
  type PricingRule,
  type PricingRuleBody,
  pricingRuleBodySchema,
} from '@ooh/shared';

/**
 * The pricing rules form as typed (every field text, the last day as people say it) and what it sends:
 * POST /api/partner/pricing-rules takes `to_date` exclusive, so the last day typed is moved one on. The
 * shared schema decides what is valid; its messages are the form's.
 */
export interface RuleFormValues {
  kind: 'seasonal' | 'volume';
  name: string;
  percent: string;
  first_day: string;
  last_day: string;
  /** A volume discount is met by a number of sites or by an order value. */
  threshold: 'sites' | 'value';
  minimum: string;
  /** A season's sites, ticked; none: every site of the owner. */
  sites: number[];
}

export const EMPTY_RULE: RuleFormValues = {
  kind: 'seasonal',
  name: '',
  percent: '',
  first_day: '',
  last_day: '',
  threshold: 'sites',
  minimum: '',
  sites: [],
};

/** The day after a typed last day (exclusive, as every range of the API); anything else as typed. */
export const dayAfter = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? addDays(day as IsoDate, 1) : day);

export const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));

export type RuleFormResult =
  | { ok: true; body: PricingRuleBody }
  | { ok: false; errors: Partial<Record<keyof RuleFormValues, string>> };

/** Where the schema's paths show on the form. */
const FIELD_OF: Record<string, keyof RuleFormValues> = {
  name: 'name',
  percent: 'percent',
  from_date: 'first_day',
  to_date: 'last_day',
  min_sites: 'minimum',
  min_value: 'minimum',
  product_ids: 'sites',
};

export function ruleBodyOf(v: RuleFormValues): RuleFormResult {
  const raw =
    v.kind === 'seasonal'
      ? {
          kind: 'seasonal',
          name: v.name,
          percent: number(v.percent),
          from_date: v.first_day,
          to_date: dayAfter(v.last_day),
          ...(v.sites.length ? { product_ids: v.sites } : {}),
        }
      : {
          kind: 'volume',
          name: v.name,
          percent: number(v.percent),
          ...(v.threshold === 'sites' ? { min_sites: number(v.minimum) } : { min_value: number(v.minimum) }),
        };
  const parsed = pricingRuleBodySchema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<keyof RuleFormValues, string>> = {};
  // A threshold that is not a number at all: say what to type rather than the schema's type words.
  if (v.kind === 'volume' && Number.isNaN(number(v.minimum))) {
    errors.minimum = v.threshold === 'sites' ? 'Give a number of sites' : 'Give an amount in rupees';
  }
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0] ?? '')] ?? 'name';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const percentText = (p: number) => `${p > 0 ? '+' : ''}${p} %`;

/** "Diwali: +20 % on 20 Oct 2026 - 5 Nov 2026"; "Five or more: 10 % off for 5 or more sites in one order". */
export function ruleText(rule: PricingRule): string {
  if (rule.kind === 'seasonal' && rule.from_date && rule.to_date) {
    const sites = rule.product_ids
      ? `, on ${rule.product_ids.length} chosen site${rule.product_ids.length === 1 ? '' : 's'}`
      : ', on every site';
    return `${percentText(rule.percent)} on ${formatBookingPeriod(rule.from_date, rule.to_date, { withDays: false })}${sites}`;
  }
  const when =
    rule.min_sites !== null
      ? `${rule.min_sites} or more of your sites in one order`
      : `your sites in one order worth more than ${formatRupees(rule.min_value ?? 0)} before GST`;
  return `${rule.percent} % off for ${when}`;
}
