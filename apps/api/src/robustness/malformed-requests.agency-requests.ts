import { nextPhone } from '../modules/auth/auth.test-helpers.ts';
import { bearer, buyer, type Fixture, ok, send, type ValidRequest } from './malformed-requests.state.ts';

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

export const agencyRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
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
      body: { ...clientBody, name: 'Sweep Client Renamed', bill_to: 'agency' },
      headers: bearer(token),
    };
  },
};
