import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { apiSend } from '../../lib/server-api';

/** What an /agency form answers the page with; `form` names the form, so only that one shows it. */
export interface AgencyOutcome {
  form: string;
  ok: boolean;
  message?: string;
  /** The API's messages by field name, shown at the fields. */
  fields?: Record<string, string>;
  /** What was typed, put back into a refused form. */
  values?: Record<string, string>;
  /** A fresh one per answer: the form is drawn anew, empty after a success, refilled after a refusal. */
  id: string;
}

export const AGENCY_FIELDS = ['company_name', 'gstin', 'pan', 'address', 'city', 'state', 'pin'] as const;
export const CLIENT_FIELDS = ['name', 'gstin', 'address_line_1', 'city', 'state', 'pin', 'bill_to'] as const;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const valuesOf = (form: FormData, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, text(form, n)]));
/** A mobile number as people write it ("+91 98765 43210"): the API takes the 10 digits. */
export const tenDigits = (v: string) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '');

type Call = {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  values?: Record<string, string>;
};

/** A form refused here, before the API: the messages at its fields and what was typed. */
type Refused = { refused: Record<string, string>; values: Record<string, string> };

/**
 * A monthly limit typed in rupees ("5,00,000" or "500000.50") in paise; null when blank (no limit);
 * undefined when it is not an amount.
 */
export function limitPaise(typed: string): number | null | undefined {
  const v = typed.replace(/[\s,₹]/g, '');
  if (!v) return null;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) return undefined;
  return Math.round(Number(v) * 100);
}

/** The API's field names where the form's differ (the limit is typed in rupees). */
const FORM_FIELD: Record<string, string> = { monthly_limit_paise: 'monthly_limit' };

/** The API call each form stands for, or a message when the form itself is not one of ours. */
export function callOf(intent: string, form: FormData): Call | Refused | string {
  switch (intent) {
    case 'create': {
      const values = valuesOf(form, AGENCY_FIELDS);
      return { method: 'POST', path: '/api/agencies', body: values, values };
    }
    case 'add_member': {
      const values = valuesOf(form, ['phone_number', 'role']);
      return {
        method: 'POST',
        path: '/api/agency/members',
        body: { ...values, phone_number: tenDigits(values.phone_number) },
        values,
      };
    }
    case 'remove_member': {
      const id = text(form, 'member_id');
      return /^\d{1,10}$/.test(id)
        ? { method: 'DELETE', path: `/api/agency/members?id=${id}` }
        : 'Unknown request.';
    }
    case 'add_client': {
      const values = valuesOf(form, CLIENT_FIELDS);
      return { method: 'POST', path: '/api/agency/clients', body: values, values };
    }
    case 'edit_client': {
      const id = text(form, 'client_id');
      if (!/^\d{1,10}$/.test(id)) return 'Unknown request.';
      // A checkbox is sent only when ticked; the limit is typed in rupees, blank for none.
      const values = {
        bill_to: text(form, 'bill_to'),
        approval_required: form.has('approval_required') ? 'on' : '',
        monthly_limit: text(form, 'monthly_limit'),
      };
      const limit = limitPaise(values.monthly_limit);
      if (limit === undefined) {
        return {
          refused: { monthly_limit: 'Enter the limit in rupees, like 500000, or leave it blank.' },
          values,
        };
      }
      const body = {
        bill_to: values.bill_to,
        approval_required: values.approval_required === 'on',
        monthly_limit_paise: limit,
      };
      return { method: 'PATCH', path: `/api/agency/clients/${id}`, body, values };
    }
    default:
      return 'Unknown request.';
  }
}

const shownAtFields = (fields: Record<string, string> | undefined, values?: Record<string, string>) =>
  Boolean(fields && values && Object.keys(fields).length && Object.keys(fields).every((k) => k in values));

const DONE: Record<string, string> = {
  create: 'Your agency is created; you are its admin.',
  add_member: 'Member added: the number acts for the agency once its owner signs in.',
  remove_member: 'Member removed.',
  add_client: 'Client added.',
  edit_client: 'Client settings saved.',
};

/**
 * The /agency forms (DESIGN 19, decision 092): create the agency, add or remove a member, add a client or
 * change its settings (whom it bills, whether its bookings need its approval, its monthly limit). Plain
 * forms (React Router <Form>, this action), so they work before the scripts run; the API checks every field
 * with the shared schema and its messages go back to their fields.
 */
export async function agencyAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  // Each member's and client's form is its own, so its answer shows only there.
  const target = text(form, 'member_id') || text(form, 'client_id');
  const formId = target ? `${intent}:${target}` : intent;
  const id = crypto.randomUUID();
  const call = callOf(intent, form);
  if (typeof call === 'string') {
    return data<AgencyOutcome>({ form: formId, ok: false, message: call, id }, { status: 400 });
  }
  if ('refused' in call) {
    const message = 'Please correct the highlighted fields.';
    return data<AgencyOutcome>(
      { form: formId, ok: false, message, fields: call.refused, values: call.values, id },
      { status: 400 },
    );
  }
  const answer = await apiSend(context, request, call.method, call.path, call.body);
  if (answer.status === 401) throw redirect(signInPath('/agency'));
  if (answer.status >= 200 && answer.status < 300) {
    return data<AgencyOutcome>({ form: formId, ok: true, message: DONE[intent], id });
  }
  const error = (answer.body as ErrorResponse | null)?.error;
  const fields = error?.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [FORM_FIELD[k] ?? k, v]))
    : undefined;
  return data<AgencyOutcome>(
    {
      form: formId,
      ok: false,
      // With every message at a field of the form it says only that; else the API's own message.
      message: shownAtFields(fields, call.values)
        ? 'Please correct the highlighted fields.'
        : (error?.message ?? 'Something went wrong. Please try again.'),
      fields,
      values: call.values,
      id,
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
