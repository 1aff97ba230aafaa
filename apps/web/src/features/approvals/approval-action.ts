import type { ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data } from 'react-router';
import { apiPost } from '../../lib/server-api';

/** What the approver's form answers the page with. */
export interface ApprovalOutcome {
  ok: boolean;
  message: string;
  /** The API's messages by field name (name, comment), shown at the fields. */
  fields?: Record<string, string>;
  /** What was typed, put back into a refused form. */
  values?: { name: string; comment: string };
  /** A fresh one per answer, so the form is drawn anew. */
  id: string;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

const DONE = {
  approve: 'Thank you: the plan is approved. The agency has been told and can book it.',
  reject: 'Thank you: the plan is rejected. The agency has been told.',
} as const;

/**
 * The approver's decision (DESIGN 19, decision 092): a plain form posted to the page's own address, before
 * the scripts ran or after, sent on to POST /api/approvals/{token} with no session. The API checks the
 * fields with the shared schema; a second decision is its 409, a withdrawn or expired link its 410, and its
 * message is what the page shows.
 */
export async function approvalAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const decision = text(form, 'decision');
  const values = { name: text(form, 'name'), comment: text(form, 'comment') };
  const id = crypto.randomUUID();
  if (decision !== 'approve' && decision !== 'reject') {
    return data<ApprovalOutcome>({ ok: false, message: 'Choose Approve or Reject.', values, id }, 400);
  }
  const token = encodeURIComponent(params.token ?? '');
  const answer = await apiPost(context, request, `/api/approvals/${token}`, {
    decision,
    name: values.name,
    ...(values.comment ? { comment: values.comment } : {}),
  });
  if (answer.status === 200) return data<ApprovalOutcome>({ ok: true, message: DONE[decision], id });
  const error = (answer.body as ErrorResponse | null)?.error;
  return data<ApprovalOutcome>(
    {
      ok: false,
      message: error?.message ?? 'Something went wrong. Please try again.',
      fields: error?.fields,
      values,
      id,
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
