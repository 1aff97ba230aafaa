import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../../lib/auth/redirect-target';
import { apiPost } from '../../../lib/server-api';

/** What the owner's Briefs forms answer (decision 086): which form, and the API's message. */
export interface PartnerBriefOutcome {
  form?: string;
  message?: string;
  fields?: Record<string, string>;
  done?: string;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const rupees = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(/[,₹\s]/g, '')));
const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
};

const DONE: Record<string, string> = {
  propose: 'Proposal sent: the buyer is told.',
  accept: "Counter accepted: the dates are held for the buyer until the proposal's validity ends.",
  counter: 'Your counter is sent to the buyer.',
  decline: 'Counter declined: the line stands at your last offer.',
};

/**
 * /partner/briefs: propose on a brief (the sites ticked, each with its dates and price), or answer the
 * buyer's counters (accept, counter, decline). Native forms, so they work before the scripts ran.
 */
export async function partnerBriefsAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = encodeURIComponent(text(form, 'id'));
  const formId = `${intent}:${text(form, 'id')}`;
  let path: string;
  let body: unknown;
  if (intent === 'propose') {
    path = `/api/partner/briefs/${id}/proposals`;
    body = {
      lines: form.getAll('product_id').map((productId) => ({
        product_id: Number(productId),
        from_date: text(form, `from_${productId}`),
        to_date: dayAfter(text(form, `to_${productId}`)),
        price: rupees(text(form, `price_${productId}`)),
      })),
      valid_until: text(form, 'valid_until'),
      notes: text(form, 'notes'),
    };
  } else if (intent === 'accept' || intent === 'decline') {
    path = `/api/partner/proposals/${id}/${intent}`;
    body = {};
  } else if (intent === 'counter') {
    path = `/api/partner/proposals/${id}/counter`;
    body = {
      lines: form
        .getAll('line_id')
        .map((lineId) => ({ line_id: Number(lineId), price: rupees(text(form, `price_${lineId}`)) }))
        .filter((l) => !Number.isNaN(l.price)),
    };
  } else return data<PartnerBriefOutcome>({ form: formId, message: 'Unknown action.' }, { status: 400 });
  const answer = await apiPost<ErrorResponse | null>(context, request, path, body);
  if (answer.status === 401) throw redirect(signInPath('/partner/briefs'));
  if (answer.status === 200 || answer.status === 201)
    return data<PartnerBriefOutcome>({ form: formId, done: DONE[intent] });
  const error = answer.body?.error;
  return data<PartnerBriefOutcome>(
    {
      form: formId,
      fields: error?.fields,
      message: error?.message ?? 'That did not work. Please try again.',
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
