import { nextPhone } from '../../test/otp-sign-in.ts';
import {
  bearer,
  buyer,
  type Fixture,
  nextWindow,
  ok,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** Agencies, members and clients (decision 092): every text field of each call, valid as built. */

export const agencyBody = {
  company_name: 'Sweep Media Agency',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address: '4 Nariman Point',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400021',
};

const clientBody = {
  name: 'Sweep Client Ltd',
  gstin: '27AAPFU0939F1ZV',
  address_line_1: '9 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400050',
  bill_to: 'client',
};

/** A fresh buyer who creates an agency: its admin. */
async function agencyAdmin(f: Fixture): Promise<string> {
  const { token } = await buyer(f.ctx);
  await ok(
    await send(f.ctx, { method: 'POST', route: '/api/agencies', body: agencyBody, headers: bearer(token) }),
    'create an agency',
  );
  return token;
}

export const agencyRequests: Record<string, (f: Fixture) => Promise<ValidRequest | ValidRequest[]>> = {
  'POST /api/agencies': async (f) => ({
    method: 'POST',
    route: '/api/agencies',
    body: agencyBody,
    headers: bearer((await buyer(f.ctx)).token),
  }),
  'POST /api/agency/members': async (f) => ({
    method: 'POST',
    route: '/api/agency/members',
    body: { phone_number: nextPhone(), role: 'planner' },
    headers: bearer(await agencyAdmin(f)),
  }),
  'DELETE /api/agency/members': async (f) => {
    const token = await agencyAdmin(f);
    const member = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/agency/members',
        body: { phone_number: nextPhone(), role: 'approver' },
        headers: bearer(token),
      }),
      'add a member',
    );
    return {
      method: 'DELETE',
      route: '/api/agency/members',
      query: { id: String(member.data.id) },
      headers: bearer(token),
    };
  },
  'POST /api/agency/clients': async (f) => ({
    method: 'POST',
    route: '/api/agency/clients',
    body: clientBody,
    headers: bearer(await agencyAdmin(f)),
  }),
  'POST /api/agency/campaigns/:id/approval': async (f) => {
    const { token, clientId, campaignId } = await savedPlan(f);
    return {
      method: 'POST',
      route: '/api/agency/campaigns/:id/approval',
      params: { id: String(campaignId) },
      body: { client_id: clientId, approver_email: 'approver@example.com' },
      headers: bearer(token),
    };
  },
  'PATCH /api/agency/campaigns/:id': async (f) => {
    const { token, clientId, campaignId } = await savedPlan(f);
    return {
      method: 'PATCH',
      route: '/api/agency/campaigns/:id',
      params: { id: String(campaignId) },
      body: { client_id: clientId },
      headers: bearer(token),
    };
  },
  'GET /api/agency/approvals': async (f) => {
    const link = await approvalLink(f);
    // One campaign's links, and one proposal's (none here: an empty list is a valid answer).
    const variants: ValidRequest[] = [
      {
        method: 'GET',
        route: '/api/agency/approvals',
        query: { campaign_id: String(link.campaignId) },
        headers: bearer(link.token),
      },
      {
        method: 'GET',
        route: '/api/agency/approvals',
        query: { proposal_id: '1' },
        headers: bearer(link.token),
      },
    ];
    return variants;
  },
  'DELETE /api/agency/approvals/:id': async (f) => {
    const link = await approvalLink(f);
    return {
      method: 'DELETE',
      route: '/api/agency/approvals/:id',
      params: { id: String(link.id) },
      headers: bearer(link.token),
    };
  },
  'GET /api/approvals/:token': async (f) => ({
    method: 'GET',
    route: '/api/approvals/:token',
    params: { token: (await approvalLink(f)).linkToken },
  }),
  // Signed out: the client's approver has no account, only the link.
  'POST /api/approvals/:token': async (f) => ({
    method: 'POST',
    route: '/api/approvals/:token',
    params: { token: (await approvalLink(f)).linkToken },
    body: { decision: 'approve', name: 'Meera Shah', comment: 'Approved.\nGo ahead with the Mumbai sites.' },
  }),
  'PATCH /api/agency/clients/:id': async (f) => {
    const token = await agencyAdmin(f);
    const client = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/agency/clients',
        body: clientBody,
        headers: bearer(token),
      }),
      'add a client',
    );
    return {
      method: 'PATCH',
      route: '/api/agency/clients/:id',
      params: { id: String(client.data.id) },
      body: {
        ...clientBody,
        name: 'Sweep Client Renamed',
        bill_to: 'agency',
        approval_required: true,
        monthly_limit_paise: 50_000_000,
      },
      headers: bearer(token),
    };
  },
};

/** An agency admin with a client and a saved campaign of the sweep's two sites (decision 092). */
async function savedPlan(f: Fixture): Promise<{ token: string; clientId: number; campaignId: number }> {
  const token = await agencyAdmin(f);
  const client = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/agency/clients',
      body: clientBody,
      headers: bearer(token),
    }),
    'add a client',
  );
  const dates = nextWindow(f.ctx);
  const products = f.siteIds.map((id) => ({ product_id: id, ...dates }));
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/create_customized_campaign/',
      body: { name: 'Sweep Plan', products },
      headers: bearer(token),
    }),
    'create a campaign',
  );
  await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/save_campaign/',
      body: { campaign_id: made.data.id, products },
      headers: bearer(token),
    }),
    'save the campaign',
  );
  return { token, clientId: client.data.id, campaignId: made.data.id };
}

/** A waiting approval link of a saved plan: its id, the agency admin's token and the link's own token. */
async function approvalLink(
  f: Fixture,
): Promise<{ id: number; token: string; linkToken: string; campaignId: number }> {
  const plan = await savedPlan(f);
  const link = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/agency/campaigns/:id/approval',
      params: { id: String(plan.campaignId) },
      body: { client_id: plan.clientId },
      headers: bearer(plan.token),
    }),
    'ask for approval',
  );
  return { id: link.data.id, token: plan.token, linkToken: link.data.token, campaignId: plan.campaignId };
}
