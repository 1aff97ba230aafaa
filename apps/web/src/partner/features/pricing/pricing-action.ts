import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../../lib/auth/redirect-target';
import { apiSend } from '../../../lib/server-api';
import { packageBodyOf, packageFieldOf } from './package-form';
import { EMPTY_RULE, type RuleFormValues, ruleBodyOf, ruleText } from './rule-form';

/** Which form answered, what it says, and (on a refusal) the fields' messages and what was typed. */
export interface PricingOutcome {
  form: string;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string | string[]>;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const ids = (form: FormData) =>
  form
    .getAll('product_id')
    .map(String)
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number);
const typed = (form: FormData) => {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const had = values[key];
    values[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return values;
};

const RULE_FIELD: Record<string, keyof RuleFormValues> = {
  from_date: 'first_day',
  to_date: 'last_day',
  min_sites: 'minimum',
  min_value: 'minimum',
  product_ids: 'sites',
};

function refused(form: string, errors: Record<string, string>, values: Record<string, string | string[]>) {
  return data<PricingOutcome>(
    { form, ok: false, message: 'Please check the highlighted fields.', errors, values },
    { status: 400 },
  );
}

/**
 * /partner/pricing's forms (DESIGN 2 "Usable before hydration"): add a season (for every site or the ticked
 * ones), a volume discount or a package; delete one. The shared schema checks what was typed, with its
 * messages on the fields; the API then checks the rest (the sites are the owner's) and has the last word.
 */
export async function pricingAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const values = typed(form);
  let path: string;
  let method: 'POST' | 'DELETE' = 'POST';
  let body: unknown;
  let done: (answer: unknown) => string;
  let fieldOf: (apiField: string) => string = (f) => f;

  if (intent === 'season' || intent === 'volume') {
    const minSites = text(form, 'min_sites');
    const minValue = text(form, 'min_value');
    if (intent === 'volume' && minSites && minValue) {
      return refused(intent, { minimum: 'Give a number of sites or an order value, not both' }, values);
    }
    const rule = ruleBodyOf({
      ...EMPTY_RULE,
      kind: intent === 'season' ? 'seasonal' : 'volume',
      name: text(form, 'name'),
      percent: text(form, 'percent'),
      first_day: text(form, 'first_day'),
      last_day: text(form, 'last_day'),
      threshold: minValue && !minSites ? 'value' : 'sites',
      minimum: minValue && !minSites ? minValue : minSites,
      sites: intent === 'season' ? ids(form) : [],
    });
    if (!rule.ok) return refused(intent, rule.errors, values);
    path = '/api/partner/pricing-rules';
    body = rule.body;
    done = (r) => {
      const made = r as Parameters<typeof ruleText>[0];
      return `Added ${made.name}: ${ruleText(made)}.`;
    };
    fieldOf = (f) => RULE_FIELD[f.split('.')[0] ?? ''] ?? f;
  } else if (intent === 'package') {
    const pack = packageBodyOf({
      name: text(form, 'name'),
      sites: ids(form),
      first_day: text(form, 'first_day'),
      last_day: text(form, 'last_day'),
      price: text(form, 'price'),
      notes: text(form, 'notes'),
    });
    if (!pack.ok) return refused(intent, pack.errors, values);
    path = '/api/partner/packages';
    body = pack.body;
    done = (p) => `Added the package ${(p as { name: string }).name}. Buyers see it on its sites' pages.`;
    fieldOf = packageFieldOf;
  } else if (intent === 'delete-rule' || intent === 'delete-package') {
    const id = text(form, 'id');
    if (!/^\d{1,10}$/.test(id))
      return data<PricingOutcome>({ form: intent, ok: false, message: 'Unknown request.' }, { status: 400 });
    path = intent === 'delete-rule' ? `/api/partner/pricing-rules/${id}` : `/api/partner/packages/${id}`;
    method = 'DELETE';
    const name = text(form, 'name') || `#${id}`;
    done = () => `${name} was deleted. Orders already placed keep their prices.`;
  } else {
    return data<PricingOutcome>({ form: intent, ok: false, message: 'Unknown request.' }, { status: 400 });
  }

  const answer = await apiSend<unknown>(context, request, method, path, body);
  if (answer.status === 401) throw redirect(signInPath('/partner/pricing'));
  if (answer.status >= 200 && answer.status < 300) {
    return data<PricingOutcome>({ form: intent, ok: true, message: done(answer.body) });
  }
  const error = (answer.body as ErrorResponse | null)?.error;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(error?.fields ?? {})) errors[fieldOf(field)] ??= message;
  return data<PricingOutcome>(
    {
      form: intent,
      ok: false,
      message: error?.message ?? 'That did not work. Please try again.',
      errors,
      values,
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
