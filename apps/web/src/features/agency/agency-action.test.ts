import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signInPath } from '../../lib/auth/redirect-target';
import { type AgencyOutcome, agencyAction, tenDigits } from './agency-action';

/** A form posted to /agency, as the browser sends it before the scripts run. */
const posted = (fields: Record<string, string>) =>
  new Request('http://localhost/agency', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'ooh_signed_in=1' },
    body: new URLSearchParams(fields).toString(),
  });

function answering(status: number, body: unknown) {
  const api = vi.fn(async (_path: string, _init?: unknown) => ({ status, body }));
  return { api, context: { api } as unknown as AppLoadContext };
}

async function run(fields: Record<string, string>, context: AppLoadContext) {
  try {
    const answer = (await agencyAction({ request: posted(fields), context, params: {} } as never)) as {
      data: AgencyOutcome;
      init?: { status?: number };
    };
    return { outcome: answer.data, status: answer.init?.status ?? 200 };
  } catch (thrown) {
    return { redirect: (thrown as Response).headers.get('location') };
  }
}

const agency = {
  intent: 'create',
  company_name: ' Rao Media ',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address: '4 Law College Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411004',
};

describe('the /agency forms (agency-action.ts)', () => {
  it('creates the agency with the fields trimmed, and says so', async () => {
    const { api, context } = answering(201, { data: { id: 1 } });
    const { outcome } = await run(agency, context);
    expect(api).toHaveBeenCalledWith('/api/agencies', {
      method: 'POST',
      body: { ...agency, intent: undefined, company_name: 'Rao Media' },
    });
    expect(outcome).toMatchObject({ form: 'create', ok: true });
  });

  it("puts the API's field messages and what was typed back into the refused form", async () => {
    const { context } = answering(400, {
      error: {
        code: 'bad_request',
        message: 'Invalid gstin: GSTIN does not contain this PAN',
        fields: { gstin: 'GSTIN does not contain this PAN' },
      },
    });
    const { outcome, status } = await run(agency, context);
    expect(status).toBe(400);
    expect(outcome?.fields).toEqual({ gstin: 'GSTIN does not contain this PAN' });
    expect(outcome?.values?.gstin).toBe('27AAPFU0939F1ZV');
    expect(outcome?.message).toBe('Please correct the highlighted fields.');
  });

  it("shows the API's own message when it names no field of the form (the last admin)", async () => {
    const { api, context } = answering(409, {
      error: { code: 'conflict', message: 'The last admin cannot be removed; add another admin first.' },
    });
    const { outcome } = await run({ intent: 'remove_member', member_id: '7' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/members?id=7', { method: 'DELETE', body: undefined });
    expect(outcome).toMatchObject({
      form: 'remove_member:7',
      ok: false,
      message: 'The last admin cannot be removed; add another admin first.',
    });
  });

  it('adds a member by the ten digits of the number as people write it', async () => {
    const { api, context } = answering(201, { data: { id: 3 } });
    await run({ intent: 'add_member', phone_number: '+91 98765-43210', role: 'planner' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/members', {
      method: 'POST',
      body: { phone_number: '9876543210', role: 'planner' },
    });
    expect(tenDigits('09876543210')).toBe('9876543210');
    expect(tenDigits('98765')).toBe('98765');
  });

  it("changes only a client's bill_to, and refuses a form that is not one of the page's", async () => {
    const { api, context } = answering(200, { data: { id: 4 } });
    const saved = await run({ intent: 'edit_client', client_id: '4', bill_to: 'agency' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/clients/4', {
      method: 'PATCH',
      body: { bill_to: 'agency', approval_required: false, monthly_limit_paise: null },
    });
    expect(saved.outcome).toMatchObject({ form: 'edit_client:4', ok: true });

    const odd = await run({ intent: 'edit_client', client_id: '../members' }, context);
    expect(odd.status).toBe(400);
    expect((await run({ intent: 'drop_table' }, context)).outcome?.message).toBe('Unknown request.');
    expect(api).toHaveBeenCalledTimes(1);
  });

  it("saves a client's approval rule and monthly limit typed in rupees; an amount that is none is refused here", async () => {
    const { api, context } = answering(200, { data: {} });
    const fields = { intent: 'edit_client', client_id: '4', bill_to: 'client', approval_required: 'on' };
    await run({ ...fields, monthly_limit: '₹5,00,000.50' }, context);
    expect(api).toHaveBeenCalledWith('/api/agency/clients/4', {
      method: 'PATCH',
      body: { bill_to: 'client', approval_required: true, monthly_limit_paise: 50_000_050 },
    });
    const odd = await run({ ...fields, monthly_limit: 'five lakh' }, context);
    expect(odd.status).toBe(400);
    expect(odd.outcome?.fields).toEqual({ monthly_limit: expect.stringMatching(/rupees/) });
    expect(odd.outcome?.values).toMatchObject({ monthly_limit: 'five lakh', approval_required: 'on' });
    expect(api).toHaveBeenCalledTimes(1);
  });

  it("puts the API's message on the limit at the field the limit is typed in", async () => {
    const { context } = answering(400, {
      error: { code: 'validation', message: 'Invalid', fields: { monthly_limit_paise: 'Too large' } },
    });
    const { outcome } = await run(
      { intent: 'edit_client', client_id: '4', bill_to: 'client', monthly_limit: '9' },
      context,
    );
    expect(outcome?.fields).toEqual({ monthly_limit: 'Too large' });
    expect(outcome?.message).toBe('Please correct the highlighted fields.');
  });

  it('sends a visitor whose session ended to sign in, back to /agency', async () => {
    const { context } = answering(401, { error: { code: 'unauthorized', message: 'Sign in' } });
    expect((await run(agency, context)).redirect).toBe(signInPath('/agency'));
  });
});
