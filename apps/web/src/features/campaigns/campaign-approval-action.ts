import type { ApprovalCreated, ErrorResponse } from '@ooh/shared';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { holdAction } from '../../lib/holds/hold-action';
import { apiSend } from '../../lib/server-api';

/** What the campaign page's "Client approval" forms answer. */
export interface ApprovalRequestOutcome {
  intent: 'ask_approval' | 'withdraw_approval' | 'set_campaign_client' | 'unknown';
  ok: boolean;
  message: string;
  /** The link just made: its token is in no later answer (only its hash is kept). */
  created?: Pick<ApprovalCreated, 'id' | 'client_name' | 'url' | 'expires_at'>;
  id: string;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const DB_ID = /^\d{1,10}$/;

const APPROVAL_INTENTS = new Set(['ask_approval', 'withdraw_approval', 'set_campaign_client']);

/**
 * The campaign route's action: Client approval's forms here, any other (the lines' holds buttons, decision
 * 082) the holds' own action. The body is read from a copy, so the holds' action still reads it whole.
 */
export async function campaignAction(args: ActionFunctionArgs) {
  const intent = (await args.request.clone().formData()).get('intent');
  return typeof intent === 'string' && APPROVAL_INTENTS.has(intent)
    ? approvalRequestAction(args)
    : holdAction(args);
}

/**
 * Client approval's forms on the campaign page: an agency's admin or planner asks a client's approver to
 * approve this saved campaign (POST /api/agency/campaigns/{id}/approval) or withdraws a link still waiting
 * (DELETE /api/agency/approvals/{id}); decision 092. The API decides who may and answers its message.
 */
export async function approvalRequestAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = crypto.randomUUID();
  const campaignId = params.campaignId ?? '';
  let answer: { status: number; body: unknown };
  if (intent === 'ask_approval' && DB_ID.test(campaignId) && DB_ID.test(text(form, 'client_id'))) {
    const email = text(form, 'approver_email').trim();
    answer = await apiSend(context, request, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
      client_id: Number(text(form, 'client_id')),
      // Given, the API emails the link to the client's approver (decision 092, "approval asked").
      ...(email ? { approver_email: email } : {}),
    });
  } else if (
    intent === 'set_campaign_client' &&
    DB_ID.test(campaignId) &&
    (text(form, 'client_id') === '' || DB_ID.test(text(form, 'client_id')))
  ) {
    // Whom this saved campaign is for (decision 092): a client of the agency, or nobody in particular.
    const clientId = text(form, 'client_id');
    answer = await apiSend(context, request, 'PATCH', `/api/agency/campaigns/${campaignId}`, {
      client_id: clientId ? Number(clientId) : null,
    });
  } else if (intent === 'withdraw_approval' && DB_ID.test(text(form, 'approval_id'))) {
    answer = await apiSend(context, request, 'DELETE', `/api/agency/approvals/${text(form, 'approval_id')}`);
  } else {
    const message = intent === 'ask_approval' ? 'Choose the client first.' : 'Unknown request.';
    return data<ApprovalRequestOutcome>({ intent: 'unknown', ok: false, message, id }, 400);
  }
  if (answer.status === 401) throw redirect(signInPath(`/campaign/${campaignId}`));
  if (answer.status >= 200 && answer.status < 300) {
    if (intent === 'withdraw_approval') {
      return data<ApprovalRequestOutcome>({ intent, ok: true, message: 'Link withdrawn.', id });
    }
    if (intent === 'set_campaign_client') {
      const name = (answer.body as { data: { client_name: string | null } }).data.client_name;
      const message = name
        ? `This campaign is for ${name}.`
        : 'This campaign is for no client in particular.';
      return data<ApprovalRequestOutcome>({ intent, ok: true, message, id });
    }
    const made = (answer.body as { data: ApprovalCreated }).data;
    const created = {
      id: made.id,
      client_name: made.client_name,
      url: made.url,
      expires_at: made.expires_at,
    };
    return data<ApprovalRequestOutcome>({ intent, ok: true, message: 'Approval link made.', created, id });
  }
  const error = (answer.body as ErrorResponse | null)?.error;
  const fieldMessage = error?.fields?.approver_email;
  return data<ApprovalRequestOutcome>(
    {
      intent,
      ok: false,
      message: fieldMessage
        ? `Approver's email: ${fieldMessage}`
        : (error?.message ?? 'Something went wrong. Please try again.'),
      id,
    },
    { status: answer.status >= 400 ? answer.status : 500 },
  );
}
