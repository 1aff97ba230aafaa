import type { ApprovalCreated, ErrorResponse, Order } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { apiPost, apiSend } from '../../lib/server-api';

/**
 * The briefs pages' forms (decision 086), sent as native forms (React Router <Form>): typed and sent
 * before the scripts ran works the same as after. Each form names its `intent`; the action sends the API
 * call on the buyer's behalf (their cookie) and answers the API's message, or redirects.
 */
export interface BriefOutcome {
  /** The form it answers (`post`, or `accept:12`), so only that form shows the message. */
  form?: string;
  message?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
  done?: string;
  /** An approval link just made (decision 092): shown once, in full, to copy. */
  created?: Pick<ApprovalCreated, 'client_name' | 'url' | 'expires_at'> & { href: string };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const list = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const rupees = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(/[,₹\s]/g, '')));

function refused(form: string, answer: { status: number; body: unknown }, values?: Record<string, string>) {
  const error = (answer.body as ErrorResponse | null)?.error;
  return data<BriefOutcome>(
    {
      form,
      values,
      fields: error?.fields,
      message: error?.message ?? 'That did not work. Please try again.',
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}

export const BRIEF_FIELDS = [
  'name',
  'cities',
  'formats',
  'from_date',
  'to_date',
  'budget',
  'objective',
  'notes',
  'respond_by',
  'client_id',
] as const;

/** /briefs: post a brief, then open it. */
export async function briefsAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(BRIEF_FIELDS.map((f) => [f, text(form, f)]));
  const body = {
    ...values,
    cities: list(values.cities),
    formats: list(values.formats),
    budget: rupees(values.budget),
    // The date fields name the last day; the API's to_date is the day after (exclusive, as everywhere).
    to_date: values.to_date ? dayAfter(values.to_date) : '',
    // "For client" (decision 092): empty is the buyer's own brief; the API checks the client is the agency's.
    client_id: values.client_id ? Number(values.client_id) : undefined,
  };
  const answer = await apiPost<{ id: number } | ErrorResponse>(context, request, '/api/briefs', body);
  if (answer.status === 401) throw redirect(signInPath('/briefs'));
  if (answer.status === 201) throw redirect(`/briefs/${(answer.body as { id: number }).id}`);
  return refused('post', answer, values);
}

export function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
}

const DONE: Record<string, string> = {
  accept: 'Accepted: the dates are held for you until the proposal lapses.',
  counter: 'Counter sent to the owner.',
  decline: 'Proposal declined.',
  decline_line: 'Line declined; the owner is told. The other lines stay open.',
};

const DB_ID = /^\d{1,10}$/;

/**
 * A client brief's proposal (decision 092): ask the client's approver to approve its accepted lines at
 * their agreed prices (the link answered once, with the public address to send), or withdraw a link.
 */
async function approvalAction(args: ActionFunctionArgs, form: FormData, intent: string, id: string) {
  const { request, context, params } = args;
  const formId = `${intent}:${id}`;
  const approvalId = text(form, 'approval_id');
  if (!DB_ID.test(id) || (intent === 'withdraw_approval' && !DB_ID.test(approvalId)))
    return data<BriefOutcome>({ form: formId, message: 'Unknown request.' }, { status: 400 });
  const email = text(form, 'approver_email').trim();
  const answer =
    intent === 'ask_approval'
      ? await apiPost<{ data: ApprovalCreated } | ErrorResponse>(
          context,
          request,
          `/api/proposals/${id}/approval`,
          {
            ...(email ? { approver_email: email } : {}),
          },
        )
      : await apiSend<ErrorResponse | null>(
          context,
          request,
          'DELETE',
          `/api/agency/approvals/${approvalId}`,
        );
  if (answer.status === 401) throw redirect(signInPath(`/briefs/${params.briefId}`));
  if (answer.status === 204) return data<BriefOutcome>({ form: formId, done: 'Approval link withdrawn.' });
  if (answer.status === 201) {
    const made = (answer.body as { data: ApprovalCreated }).data;
    const origin = context?.publicUrl ?? new URL(request.url).origin;
    return data<BriefOutcome>({
      form: formId,
      done: email ? `Approval link made and emailed to ${email}.` : 'Approval link made.',
      created: {
        client_name: made.client_name,
        url: made.url,
        expires_at: made.expires_at,
        href: `${origin}${made.url}`,
      },
    });
  }
  return refused(formId, answer, { approver_email: email });
}

/** /briefs/:briefId: accept, counter, decline or book one proposal, or ask its client's approval. */
export async function briefAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'proposal_id');
  if (intent === 'ask_approval' || intent === 'withdraw_approval')
    return approvalAction(args, form, intent, id);
  const formId = `${intent}:${id}`;
  // Declining one line is the same call as declining the proposal, with that line named.
  const call = intent === 'decline_line' ? 'decline' : intent;
  const path = `/api/proposals/${encodeURIComponent(id)}/${call}`;
  let body: unknown;
  if (intent === 'decline_line') body = { line_ids: [Number(text(form, 'line_id'))] };
  else if (intent === 'accept') body = { line_ids: form.getAll('line_id').map(Number) };
  else if (intent === 'counter')
    body = {
      lines: form
        .getAll('line_id')
        .map((lineId) => ({ line_id: Number(lineId), price: rupees(text(form, `price_${lineId}`)) }))
        .filter((l) => !Number.isNaN(l.price)),
    };
  else if (intent === 'book') {
    // A client's brief (decision 092) carries the client's purchase order, when the planner has one.
    const po = text(form, 'po_number').trim();
    body = { amount: Number(text(form, 'amount')), ...(po ? { po_number: po } : {}) };
  } else if (intent !== 'decline')
    return data<BriefOutcome>({ form: formId, message: 'Unknown action.' }, { status: 400 });
  const answer = await apiPost<Order | ErrorResponse>(context, request, path, body);
  if (answer.status === 401) throw redirect(signInPath(`/briefs/${params.briefId}`));
  if (answer.status === 200 && intent === 'book')
    throw redirect(`/my-orders/${(answer.body as Order).order_id}?pay=1`);
  if (answer.status === 200)
    return data<BriefOutcome>({
      form: formId,
      done: DONE[intent],
    });
  // A refused booking keeps the PO number typed, so the planner only fixes what the message names.
  return refused(formId, answer, intent === 'book' ? { po_number: text(form, 'po_number') } : undefined);
}
