import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type BriefOutcome, briefAction, briefsAction } from './brief-actions';

/** A form posted to a briefs page, as the browser sends it before the scripts run. */
const posted = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'ooh_signed_in=1' },
    body: new URLSearchParams(fields).toString(),
  });

function answering(status: number, body: unknown) {
  const api = vi.fn(async (_path: string, _init?: unknown) => ({ status, body }));
  return { api, context: { api } as unknown as AppLoadContext };
}

async function run(
  action: typeof briefsAction,
  path: string,
  fields: Record<string, string>,
  context: AppLoadContext,
  params: Record<string, string> = {},
) {
  try {
    const answer = (await action({ request: posted(path, fields), context, params } as never)) as {
      data: BriefOutcome;
      init?: { status?: number };
    };
    return { outcome: answer.data, status: answer.init?.status ?? 200 };
  } catch (thrown) {
    return { redirect: (thrown as Response).headers.get('location') };
  }
}

const brief = {
  name: 'Diwali push',
  cities: 'Pune, Mumbai',
  formats: '',
  from_date: '2027-01-10',
  to_date: '2027-01-19',
  budget: '2,50,000',
  respond_by: '2027-01-05',
  objective: '',
  notes: '',
};

// Decision 092: an agency's planner posts a brief for one of its clients from the plain form.
describe("the briefs forms' client (brief-actions.ts)", () => {
  it("sends the chosen client's id with the brief, and opens the brief", async () => {
    const { api, context } = answering(201, { id: 7 });
    const { redirect } = await run(briefsAction, '/briefs', { ...brief, client_id: '12' }, context);
    expect(api).toHaveBeenCalledWith('/api/briefs', {
      method: 'POST',
      body: expect.objectContaining({
        client_id: 12,
        cities: ['Pune', 'Mumbai'],
        budget: 250000,
        to_date: '2027-01-20',
      }),
    });
    expect(redirect).toBe('/briefs/7');
  });

  it("sends no client for the buyer's own brief", async () => {
    const { api, context } = answering(201, { id: 8 });
    await run(briefsAction, '/briefs', { ...brief, client_id: '' }, context);
    const sent = (api.mock.calls[0][1] as { body: Record<string, unknown> }).body;
    expect(JSON.parse(JSON.stringify(sent))).not.toHaveProperty('client_id');
  });

  it('keeps the chosen client in a refused form', async () => {
    const { context } = answering(404, { error: { code: 'not_found', message: 'Client not found' } });
    const { outcome, status } = await run(briefsAction, '/briefs', { ...brief, client_id: '99' }, context);
    expect(status).toBe(404);
    expect(outcome).toMatchObject({ form: 'post', message: 'Client not found', values: { client_id: '99' } });
  });

  it("books a client's proposal with the PO number typed, trimmed", async () => {
    const { api, context } = answering(200, { order_id: 41 });
    const fields = { intent: 'book', proposal_id: '3', amount: '180000', po_number: '  PO-77/2027 ' };
    const { redirect } = await run(briefAction, '/briefs/5', fields, context, { briefId: '5' });
    expect(api).toHaveBeenCalledWith('/api/proposals/3/book', {
      method: 'POST',
      body: { amount: 180000, po_number: 'PO-77/2027' },
    });
    expect(redirect).toBe('/my-orders/41?pay=1');
  });

  it('books without a PO number when none is typed', async () => {
    const { api, context } = answering(200, { order_id: 42 });
    await run(briefAction, '/briefs/5', { intent: 'book', proposal_id: '3', amount: '100' }, context, {
      briefId: '5',
    });
    expect(api).toHaveBeenCalledWith('/api/proposals/3/book', { method: 'POST', body: { amount: 100 } });
  });

  it("shows the API's refusal of a client needing approval on that proposal, keeping the PO number", async () => {
    const message = 'Bookings for Asha Foods need Asha Foods’s approval of the plan first.';
    const { context } = answering(409, { error: { code: 'approval_required', message } });
    const fields = { intent: 'book', proposal_id: '3', amount: '100', po_number: 'PO-1' };
    const { outcome, status } = await run(briefAction, '/briefs/5', fields, context, { briefId: '5' });
    expect(status).toBe(409);
    expect(outcome).toMatchObject({ form: 'book:3', message, values: { po_number: 'PO-1' } });
  });

  it("asks the client's approval of a proposal, with the approver's email, and answers the link in full", async () => {
    const made = {
      client_name: 'Asha Foods',
      url: '/approvals/tok123',
      expires_at: '2027-01-08T10:00:00.000Z',
    };
    const { api, context } = answering(201, { data: made });
    const fields = { intent: 'ask_approval', proposal_id: '3', approver_email: ' meera@asha.example ' };
    const { outcome } = await run(briefAction, '/briefs/5', fields, context, { briefId: '5' });
    expect(api).toHaveBeenCalledWith('/api/proposals/3/approval', {
      method: 'POST',
      body: { approver_email: 'meera@asha.example' },
    });
    expect(outcome).toMatchObject({
      form: 'ask_approval:3',
      done: 'Approval link made and emailed to meera@asha.example.',
      created: { ...made, href: 'http://localhost/approvals/tok123' },
    });
  });

  it('withdraws a waiting link, and refuses a made-up id without calling the API', async () => {
    const { api, context } = answering(204, null);
    const fields = { intent: 'withdraw_approval', proposal_id: '3', approval_id: '17' };
    const { outcome } = await run(briefAction, '/briefs/5', fields, context, { briefId: '5' });
    expect(api).toHaveBeenCalledWith('/api/agency/approvals/17', { method: 'DELETE', body: undefined });
    expect(outcome).toMatchObject({ form: 'withdraw_approval:3', done: 'Approval link withdrawn.' });
    const bad = await run(briefAction, '/briefs/5', { ...fields, approval_id: '../x' }, context, {
      briefId: '5',
    });
    expect(bad.status).toBe(400);
    expect(api).toHaveBeenCalledTimes(1);
  });
});
