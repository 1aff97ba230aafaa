import { addDays, todayIst } from '@ooh/shared';
import { agencyBody } from './malformed-requests.agency-requests.ts';
import { ownerSite } from './malformed-requests.owner-state.ts';
import { bearer, buyer, type Fixture, ok, send, type ValidRequest } from './malformed-requests.state.ts';

/** Briefs and proposals (decision 086): every text field of each call, valid as built. */

const day = (f: Fixture, n: number) => addDays(todayIst(f.ctx.clock.now()), n);

const briefBody = (f: Fixture) => ({
  name: 'Sweep brief',
  cities: ['Mumbai'],
  formats: ['hoarding'],
  from_date: day(f, 30),
  to_date: day(f, 37),
  budget: 50000,
  objective: 'Awareness',
  notes: 'Near the station',
  respond_by: day(f, 5),
});

const proposalBody = (f: Fixture, siteId: number) => ({
  lines: [{ product_id: siteId, from_date: day(f, 30), to_date: day(f, 37), price: 9000 }],
  valid_until: day(f, 10),
  notes: 'Printing included',
});

/**
 * A fresh buyer's brief, matching a fresh live site of the sweep's owner; `forClient`: the buyer an
 * agency's admin and the brief for its client (decision 092).
 */
async function briefWithSite(f: Fixture, forClient = false) {
  const site = await ownerSite(f, 'live', true);
  const { token } = await buyer(f.ctx);
  let clientId: number | undefined;
  if (forClient) {
    const h = bearer(token);
    await ok(
      await send(f.ctx, { method: 'POST', route: '/api/agencies', body: agencyBody, headers: h }),
      'agency',
    );
    const client = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/agency/clients',
        body: {
          name: 'Sweep Brand',
          address_line_1: '9 Linking Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pin: '400050',
          bill_to: 'client',
        },
        headers: h,
      }),
      'client',
    );
    clientId = client.data.id as number;
  }
  const body = { ...briefBody(f), ...(clientId ? { client_id: clientId } : {}) };
  const brief = await ok(
    await send(f.ctx, { method: 'POST', route: '/api/briefs', body, headers: bearer(token) }),
    'post a brief',
  );
  return { buyerToken: token, ownerToken: site.token, siteId: site.siteId, briefId: brief.id as number };
}

/** The brief's buyer, the owner and a proposal of one line, countered by the buyer when asked. */
async function proposal(f: Fixture, countered: boolean, forClient = false) {
  const b = await briefWithSite(f, forClient);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/briefs/:id/proposals',
      params: { id: String(b.briefId) },
      body: proposalBody(f, b.siteId),
      headers: bearer(b.ownerToken),
    }),
    'propose',
  );
  const lineId = made.lines[0].id as number;
  if (countered)
    await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/proposals/:id/counter',
        params: { id: String(made.id) },
        body: { lines: [{ line_id: lineId, price: 8000 }] },
        headers: bearer(b.buyerToken),
      }),
      'counter',
    );
  return { ...b, id: String(made.id), lineId };
}

/** A proposal with its line accepted by the buyer: what booking it or asking its approval needs. */
async function acceptedProposal(f: Fixture, forClient = false) {
  const p = await proposal(f, false, forClient);
  await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/proposals/:id/accept',
      params: { id: p.id },
      body: { line_ids: [p.lineId] },
      headers: bearer(p.buyerToken),
    }),
    'accept',
  );
  return p;
}

export const proposalRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'POST /api/briefs': async (f) => ({
    method: 'POST',
    route: '/api/briefs',
    body: briefBody(f),
    headers: bearer((await buyer(f.ctx)).token),
  }),
  'GET /api/briefs/:id': async (f) => {
    const b = await briefWithSite(f);
    return {
      method: 'GET',
      route: '/api/briefs/:id',
      params: { id: String(b.briefId) },
      headers: bearer(b.buyerToken),
    };
  },
  'POST /api/partner/briefs/:id/proposals': async (f) => {
    const b = await briefWithSite(f);
    return {
      method: 'POST',
      route: '/api/partner/briefs/:id/proposals',
      params: { id: String(b.briefId) },
      body: proposalBody(f, b.siteId),
      headers: bearer(b.ownerToken),
    };
  },
  'POST /api/proposals/:id/accept': async (f) => {
    const p = await proposal(f, false);
    return {
      method: 'POST',
      route: '/api/proposals/:id/accept',
      params: { id: p.id },
      body: { line_ids: [p.lineId] },
      headers: bearer(p.buyerToken),
    };
  },
  'POST /api/proposals/:id/counter': async (f) => {
    const p = await proposal(f, false);
    return {
      method: 'POST',
      route: '/api/proposals/:id/counter',
      params: { id: p.id },
      body: { lines: [{ line_id: p.lineId, price: 8500 }] },
      headers: bearer(p.buyerToken),
    };
  },
  'POST /api/proposals/:id/decline': async (f) => {
    const p = await proposal(f, false);
    return {
      method: 'POST',
      route: '/api/proposals/:id/decline',
      params: { id: p.id },
      headers: bearer(p.buyerToken),
    };
  },
  'POST /api/proposals/:id/book': async (f) => {
    const p = await acceptedProposal(f);
    return {
      method: 'POST',
      route: '/api/proposals/:id/book',
      params: { id: p.id },
      body: { amount: 9000, po_number: 'PO-2026-001' },
      headers: bearer(p.buyerToken),
    };
  },
  'POST /api/proposals/:id/approval': async (f) => {
    const p = await acceptedProposal(f, true);
    return {
      method: 'POST',
      route: '/api/proposals/:id/approval',
      params: { id: p.id },
      body: { approver_email: 'approver@example.com' },
      headers: bearer(p.buyerToken),
    };
  },
  'GET /api/proposals/:id/proposal.pdf': async (f) => {
    const p = await proposal(f, false);
    return {
      method: 'GET',
      route: '/api/proposals/:id/proposal.pdf',
      params: { id: p.id },
      headers: bearer(p.buyerToken),
    };
  },
  'GET /api/partner/proposals/:id/proposal.pdf': async (f) => {
    const p = await proposal(f, false);
    return {
      method: 'GET',
      route: '/api/partner/proposals/:id/proposal.pdf',
      params: { id: p.id },
      headers: bearer(p.ownerToken),
    };
  },
  'POST /api/partner/proposals/:id/accept': async (f) => {
    const p = await proposal(f, true);
    return {
      method: 'POST',
      route: '/api/partner/proposals/:id/accept',
      params: { id: p.id },
      body: { line_ids: [p.lineId] },
      headers: bearer(p.ownerToken),
    };
  },
  'POST /api/partner/proposals/:id/counter': async (f) => {
    const p = await proposal(f, true);
    return {
      method: 'POST',
      route: '/api/partner/proposals/:id/counter',
      params: { id: p.id },
      body: { lines: [{ line_id: p.lineId, price: 8800 }] },
      headers: bearer(p.ownerToken),
    };
  },
  'POST /api/partner/proposals/:id/decline': async (f) => {
    const p = await proposal(f, true);
    return {
      method: 'POST',
      route: '/api/partner/proposals/:id/decline',
      params: { id: p.id },
      body: { line_ids: [p.lineId] },
      headers: bearer(p.ownerToken),
    };
  },
};
