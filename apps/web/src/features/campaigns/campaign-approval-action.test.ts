import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApprovalRequestOutcome,
  approvalRequestAction,
  campaignAction,
} from './campaign-approval-action';

const TOKEN = 'a'.repeat(43);
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

type Answer<T> = { data: T; init?: { status?: number } };

describe("a campaign's Client approval forms (POST /campaign/{id})", () => {
  const send = async (fields: Record<string, string>, context: AppLoadContext) => {
    const request = posted('/campaign/12', fields);
    try {
      const answer = (await approvalRequestAction({
        request,
        context,
        params: { campaignId: '12' },
      } as never)) as Answer<ApprovalRequestOutcome>;
      return { outcome: answer.data, status: answer.init?.status ?? 200 };
    } catch (thrown) {
      return { redirect: (thrown as Response).headers.get('location') };
    }
  };

  it("sends the approver's email when given, and puts the API's word on it in the message", async () => {
    const { api, context } = answering(201, {
      data: { id: 6, client_name: 'Acme', url: '/approvals/x', expires_at: 'x' },
    });
    await send({ intent: 'ask_approval', client_id: '3', approver_email: ' meera@acme.example ' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/campaigns/12/approval', {
      method: 'POST',
      body: { client_id: 3, approver_email: 'meera@acme.example' },
    });
    const refused = answering(400, {
      error: {
        code: 'invalid_request',
        message: 'Invalid request',
        fields: { approver_email: 'Enter a valid email address' },
      },
    });
    const { outcome, status } = await send(
      { intent: 'ask_approval', client_id: '3', approver_email: 'meera@' },
      refused.context,
    );
    expect(status).toBe(400);
    expect(outcome?.message).toBe("Approver's email: Enter a valid email address");
  });

  it('asks for approval with the client and answers the link made, once', async () => {
    const made = {
      id: 5,
      client_name: 'Acme Foods',
      url: `/approvals/${TOKEN}`,
      token: TOKEN,
      expires_at: 'x',
    };
    const { api, context } = answering(201, { data: made });
    const { outcome } = await send({ intent: 'ask_approval', client_id: '3' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/campaigns/12/approval', {
      method: 'POST',
      body: { client_id: 3 },
    });
    expect(outcome?.created).toEqual({
      id: 5,
      client_name: 'Acme Foods',
      url: `/approvals/${TOKEN}`,
      expires_at: 'x',
    });
  });

  it("withdraws a link; no client chosen asks nothing; the API's refusal and a signed-out sign-in pass on", async () => {
    const ok = answering(204, null);
    expect((await send({ intent: 'withdraw_approval', approval_id: '5' }, ok.context)).outcome?.ok).toBe(
      true,
    );
    expect(ok.api).toHaveBeenCalledWith('/api/agency/approvals/5', { method: 'DELETE', body: undefined });
    const none = answering(201, {});
    expect((await send({ intent: 'ask_approval', client_id: '' }, none.context)).status).toBe(400);
    expect(none.api).not.toHaveBeenCalled();
    const refused = answering(404, { error: { message: 'Campaign not found.' } });
    const answer = await send({ intent: 'ask_approval', client_id: '3' }, refused.context);
    expect(answer).toMatchObject({ status: 404, outcome: { ok: false, message: 'Campaign not found.' } });
    const out = answering(401, {});
    expect((await send({ intent: 'ask_approval', client_id: '3' }, out.context)).redirect).toBe(
      '/verify-mobile?redirect=/campaign/12',
    );
  });

  it('makes the campaign for a client, or for none; a client id that is not one sends nothing', async () => {
    const set = answering(200, { data: { campaign_id: 12, client_id: 3, client_name: 'Acme Foods' } });
    const made = await send({ intent: 'set_campaign_client', client_id: '3' }, set.context);
    expect(set.api).toHaveBeenCalledWith('/api/agency/campaigns/12', {
      method: 'PATCH',
      body: { client_id: 3 },
    });
    expect(made.outcome).toMatchObject({ ok: true, message: 'This campaign is for Acme Foods.' });
    const cleared = answering(200, { data: { campaign_id: 12, client_id: null, client_name: null } });
    const none = await send({ intent: 'set_campaign_client', client_id: '' }, cleared.context);
    expect(cleared.api).toHaveBeenCalledWith('/api/agency/campaigns/12', {
      method: 'PATCH',
      body: { client_id: null },
    });
    expect(none.outcome?.message).toBe('This campaign is for no client in particular.');
    const bad = answering(200, {});
    expect((await send({ intent: 'set_campaign_client', client_id: 'x1' }, bad.context)).status).toBe(400);
    expect(bad.api).not.toHaveBeenCalled();
    // Through the route's action, not the holds' one.
    const routed = answering(200, { data: { campaign_id: 12, client_id: 3, client_name: 'Acme Foods' } });
    await campaignAction({
      request: posted('/campaign/12', { intent: 'set_campaign_client', client_id: '3' }),
      context: routed.context,
      params: { campaignId: '12' },
    } as never);
    expect(routed.api.mock.calls[0]?.[0]).toBe('/api/agency/campaigns/12');
  });

  it("hands any other form (the lines' holds buttons) to the holds' action, its body whole", async () => {
    const { api, context } = answering(201, {
      id: 9,
      status: 'active',
      expires_at: '2026-12-10T10:00:00.000Z',
    });
    const request = posted('/campaign/12', {
      intent: 'hold',
      product_id: '3',
      from_date: '2026-12-10',
      to_date: '2026-12-17',
    });
    await campaignAction({ request, context, params: { campaignId: '12' } } as never);
    expect(api.mock.calls[0]?.[0]).toBe('/api/holds');
    expect(api.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: { product_id: 3 } });
  });
});
