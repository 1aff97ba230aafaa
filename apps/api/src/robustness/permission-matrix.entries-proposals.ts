import { addDays, todayIst } from '@ooh/shared';
import { expect } from 'vitest';
import { get, type MatrixEntry } from './permission-matrix.entry.ts';
import type { MatrixState } from './permission-matrix.state.ts';

/** The owner's side of briefs and proposals (decision 086): admins and managers, owner A's proposal. */

const days = (s: MatrixState, n: number) => addDays(todayIst(s.ctx.clock.now()), n);

/** A buyer's brief matching owner A's live site (Mumbai, any format), posted through the real call. */
async function freshBrief(s: MatrixState): Promise<number> {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/briefs',
    headers: { authorization: `Bearer ${s.tokens.buyer}` },
    payload: {
      name: 'Matrix brief',
      cities: ['Mumbai'],
      formats: [],
      from_date: days(s, 30),
      to_date: days(s, 37),
      budget: 50000,
      objective: 'Awareness',
      notes: '',
      respond_by: days(s, 5),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const lineBody = (s: MatrixState) => ({
  lines: [{ product_id: s.siteA.id, from_date: days(s, 30), to_date: days(s, 37), price: 9000 }],
  valid_until: days(s, 10),
  notes: 'Matrix proposal',
});

const proposals = new WeakMap<MatrixState, Promise<{ id: number; lineId: number }>>();

/** Owner A's proposal on a brief of its own (made once per matrix state). */
function proposalA(s: MatrixState) {
  let made = proposals.get(s);
  if (!made) {
    made = (async () => {
      const briefId = await freshBrief(s);
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: `/api/partner/briefs/${briefId}/proposals`,
        headers: { authorization: `Bearer ${s.tokens.ownerA}` },
        payload: lineBody(s),
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id as number, lineId: res.json().lines[0].id as number };
    })();
    proposals.set(s, made);
  }
  return made;
}

export const PROPOSAL_ENTRIES: Record<string, MatrixEntry> = {
  'GET /api/partner/briefs': { access: 'approved', request: () => get('/api/partner/briefs') },
  'POST /api/partner/briefs/:id/proposals': {
    access: 'approved',
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/briefs/${await freshBrief(s)}/proposals`,
      body: lineBody(s),
    }),
  },
  'GET /api/partner/proposals/:id/proposal.pdf': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => get(`/api/partner/proposals/${(await proposalA(s)).id}/proposal.pdf`),
  },
  // Owner A's answers on its own proposal: past every check (409 when nothing awaits it), 404 to owner B.
  'POST /api/partner/proposals/:id/accept': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/proposals/${(await proposalA(s)).id}/accept`,
      body: {},
    }),
  },
  'POST /api/partner/proposals/:id/counter': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => {
      const p = await proposalA(s);
      return {
        method: 'POST',
        url: `/api/partner/proposals/${p.id}/counter`,
        body: { lines: [{ line_id: p.lineId, price: 8000 }] },
      };
    },
  },
  'POST /api/partner/proposals/:id/decline': {
    access: 'approved',
    ownedByA: true,
    request: async (s) => ({
      method: 'POST',
      url: `/api/partner/proposals/${(await proposalA(s)).id}/decline`,
      body: {},
    }),
  },
};
