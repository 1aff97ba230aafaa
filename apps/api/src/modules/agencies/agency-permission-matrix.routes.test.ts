import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Person,
  type Site,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { briefBody } from '../proposals/proposals.test-helpers.ts';
import { clientBody, plannerRecords } from './agency-permission-matrix.test-helpers.ts';

/**
 * The permission matrix of the deal desk's buyer-side routes (DESIGN 19, decisions 082 and 092): agencies,
 * approval links and holds, one row per route over every kind of caller. A record route names one of the
 * planner's own records (made fresh for each caller, so one caller's step cannot change the next one's
 * answer): its maker gets past every check, everyone else 404 (nothing about it is told) or 403 where the
 * caller's agency role is the reason; signed out 401. The approval link's token is its own permission: with
 * it, anyone (signed out too) sees and decides; a wrong token is 404. Briefs and proposals are in
 * proposals/proposals-permissions.routes.test.ts; the owner's routes in the permission matrix.
 */

type Caller =
  | 'signedOut'
  | 'buyer'
  | 'owner'
  | 'field'
  | 'otherOwner'
  | 'operator'
  | 'admin'
  | 'planner'
  | 'approver'
  | 'otherAgency';
const CALLERS: Caller[] = [
  'signedOut',
  'buyer',
  'owner',
  'field',
  'otherOwner',
  'operator',
  'admin',
  'planner',
  'approver',
  'otherAgency',
];
/** Signed in with no agency: an agency route answers 404 (no agency to show or change). */
const NO_AGENCY: Caller[] = ['buyer', 'owner', 'field', 'otherOwner', 'operator'];

let ctx: TestContext;
let make: Factory;
let agency: Agency;
let other: Agency;
let site: Site;
let people: Record<Exclude<Caller, 'signedOut'>, Person>;
beforeAll(async () => {
  ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
  make = factory(ctx);
  agency = await make.agency({ members: ['planner', 'approver'], clients: [{ name: 'Chai Point Brands' }] });
  other = await make.agency({ clients: [{ name: 'Other Client' }] });
  const owner = await make.owner({ members: ['field'] });
  site = await make.site(owner);
  people = {
    buyer: await make.buyer(),
    owner: owner.admin,
    field: owner.members.field!,
    otherOwner: (await make.owner()).admin,
    operator: await make.operator(),
    admin: agency.admin,
    planner: agency.members.planner!,
    approver: agency.members.approver!,
    otherAgency: other.admin,
  };
});
afterAll(() => ctx.close());

const who = (c: Caller) => (c === 'signedOut' ? null : people[c]);

const { dates, plannersHold, plannersCampaign, plannersLink, plannersAcceptedProposal } = plannerRecords(
  () => ({
    ctx,
    make,
    planner: people.planner,
    owner: people.owner,
    site,
    clientId: agency.clientIds[0],
  }),
);

interface Row {
  route: string;
  /** The answer per caller (any of the listed statuses). */
  expected: Partial<Record<Caller, number[]>> & { rest: number[] };
  call(c: Caller): Promise<{ status: number; after?: () => Promise<unknown> }>;
}

const answer = async (p: Promise<{ statusCode: number }>) => ({ status: (await p).statusCode });

const agencyRole = (admin: number, planner: number, approver: number, otherAgency: number) => ({
  signedOut: [401],
  admin: [admin],
  planner: [planner],
  approver: [approver],
  otherAgency: [otherAgency],
  ...Object.fromEntries(NO_AGENCY.map((c) => [c, [404]])),
  rest: [] as number[],
});

/** A record of the planner's own: the planner past the checks, an approver 403 (the role), others 404. */
const plannersRecord = (plannerGets: number) => ({
  signedOut: [401],
  planner: [plannerGets],
  approver: [403],
  rest: [404],
});

const ROWS: Row[] = [
  {
    route: 'GET /api/agency',
    expected: agencyRole(200, 200, 200, 200),
    call: (c) => answer(make.call(who(c), 'GET', '/api/agency')),
  },
  {
    route: 'GET /api/agency/members',
    expected: agencyRole(200, 403, 403, 200),
    call: (c) => answer(make.call(who(c), 'GET', '/api/agency/members')),
  },
  {
    route: 'POST /api/agency/members',
    expected: agencyRole(201, 403, 403, 201),
    call: (c) =>
      answer(
        make.call(who(c), 'POST', '/api/agency/members', { phone_number: make.phone(), role: 'planner' }),
      ),
  },
  {
    route: 'DELETE /api/agency/members',
    // Another agency's admin is told nothing of this agency's member.
    expected: agencyRole(204, 403, 403, 404),
    call: async (c) => {
      const added = expectStatus<{ data: { id: number } }>(
        await make.call(agency.admin, 'POST', '/api/agency/members', {
          phone_number: make.phone(),
          role: 'approver',
        }),
        201,
      );
      return answer(make.call(who(c), 'DELETE', `/api/agency/members?id=${added.data.id}`));
    },
  },
  {
    route: 'GET /api/agency/clients',
    expected: agencyRole(200, 200, 403, 200),
    call: (c) => answer(make.call(who(c), 'GET', '/api/agency/clients')),
  },
  {
    route: 'POST /api/agency/clients',
    expected: agencyRole(201, 201, 403, 201),
    call: (c) => answer(make.call(who(c), 'POST', '/api/agency/clients', clientBody(`Client of ${c}`))),
  },
  {
    route: 'PATCH /api/agency/clients/:id',
    expected: agencyRole(200, 200, 403, 404),
    call: (c) =>
      answer(make.call(who(c), 'PATCH', `/api/agency/clients/${agency.clientIds[0]}`, { city: 'Mumbai' })),
  },
  {
    route: 'GET /api/agency/approvals',
    expected: agencyRole(200, 200, 403, 200),
    call: (c) => answer(make.call(who(c), 'GET', '/api/agency/approvals')),
  },
  {
    route: 'GET /api/agency/campaigns',
    expected: agencyRole(200, 200, 403, 200),
    call: (c) => answer(make.call(who(c), 'GET', '/api/agency/campaigns')),
  },
  {
    route: 'PATCH /api/agency/campaigns/:id',
    expected: plannersRecord(200),
    call: async (c) => {
      const id = await plannersCampaign();
      return answer(
        make.call(who(c), 'PATCH', `/api/agency/campaigns/${id}`, { client_id: agency.clientIds[0] }),
      );
    },
  },
  {
    route: 'POST /api/agency/campaigns/:id/approval',
    expected: plannersRecord(201),
    call: async (c) => {
      const id = await plannersCampaign();
      return answer(
        make.call(who(c), 'POST', `/api/agency/campaigns/${id}/approval`, { client_id: agency.clientIds[0] }),
      );
    },
  },
  {
    route: 'DELETE /api/agency/approvals/:id',
    // The agency's links are its admins' and planners' to list and withdraw (decision 092), not one planner's.
    expected: { ...plannersRecord(204), admin: [204] },
    call: async (c) =>
      answer(make.call(who(c), 'DELETE', `/api/agency/approvals/${(await plannersLink()).id}`)),
  },
  {
    route: 'GET /api/approvals/:token (the token)',
    expected: { rest: [200] },
    call: async (c) => answer(make.call(who(c), 'GET', `/api/approvals/${(await plannersLink()).token}`)),
  },
  {
    route: 'GET /api/approvals/:token (a wrong token)',
    expected: { rest: [404] },
    call: async (c) => {
      const { token } = await plannersLink();
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      return answer(make.call(who(c), 'GET', `/api/approvals/${wrong}`));
    },
  },
  {
    route: 'POST /api/approvals/:token',
    expected: { rest: [200] },
    call: async (c) =>
      answer(
        make.call(who(c), 'POST', `/api/approvals/${(await plannersLink()).token}`, {
          decision: 'approve',
          name: 'Meera Iyer',
        }),
      ),
  },
  {
    route: 'GET /api/holds',
    expected: { signedOut: [401], rest: [200] },
    call: (c) => answer(make.call(who(c), 'GET', '/api/holds')),
  },
  {
    route: 'GET /api/holds/sites',
    expected: { signedOut: [401], rest: [200] },
    call: (c) => answer(make.call(who(c), 'GET', `/api/holds/sites?product_ids=${site.id}`)),
  },
  {
    route: 'POST /api/holds (for oneself)',
    expected: { signedOut: [401], rest: [201] },
    call: async (c) => {
      const res = await make.call(who(c), 'POST', '/api/holds', { product_id: site.id, ...dates() });
      const id = res.statusCode === 201 ? (res.json() as { id: number }).id : null;
      return {
        status: res.statusCode,
        after: async () => id && expectStatus(await make.call(who(c), 'DELETE', `/api/holds/${id}`)),
      };
    },
  },
  {
    route: "POST /api/holds (for the agency's client)",
    expected: { signedOut: [401], admin: [201], planner: [201], rest: [404] },
    call: async (c) => {
      const res = await make.call(who(c), 'POST', '/api/holds', {
        product_id: site.id,
        ...dates(),
        client_id: agency.clientIds[0],
      });
      const id = res.statusCode === 201 ? (res.json() as { id: number }).id : null;
      return {
        status: res.statusCode,
        after: async () => id && expectStatus(await make.call(who(c), 'DELETE', `/api/holds/${id}`)),
      };
    },
  },
  ...(['renew', 'release'] as const).map(
    (step): Row => ({
      route: step === 'renew' ? 'POST /api/holds/:id/renew' : 'DELETE /api/holds/:id',
      // A hold is its holder's alone: the agency's admin is told nothing of the planner's hold either.
      expected: { signedOut: [401], planner: [200], rest: [404] },
      call: async (c) => {
        const hold = await plannersHold();
        const res =
          step === 'renew'
            ? await make.call(who(c), 'POST', `/api/holds/${hold.id}/renew`)
            : await make.call(who(c), 'DELETE', `/api/holds/${hold.id}`);
        return { status: res.statusCode, after: hold.after };
      },
    }),
  ),
  {
    route: 'POST /api/holds/:id/request',
    // Anyone else signed in may ask for the dates (never told who holds them); the holder's own is 409.
    expected: { signedOut: [401], planner: [409], rest: [200] },
    call: async (c) => {
      const hold = await plannersHold();
      const res = await make.call(who(c), 'POST', `/api/holds/${hold.id}/request`);
      return { status: res.statusCode, after: hold.after };
    },
  },
  {
    route: "POST /api/proposals/:id/approval (the planner's client brief)",
    // The brief's buyer alone (everyone else 404, the agency's admin too: the brief is the planner's).
    expected: { signedOut: [401], planner: [201], rest: [404] },
    call: async (c) =>
      answer(make.call(who(c), 'POST', `/api/proposals/${await plannersAcceptedProposal()}/approval`, {})),
  },
  {
    route: "POST /api/briefs (for the agency's client)",
    expected: { signedOut: [401], admin: [201], planner: [201], rest: [404] },
    call: (c) =>
      answer(make.call(who(c), 'POST', '/api/briefs', briefBody({ client_id: agency.clientIds[0] }))),
  },
];

describe('the deal desk permission matrix (agencies, approval links, holds)', () => {
  for (const row of ROWS) {
    it(row.route, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number[]> = {};
      for (const c of CALLERS) {
        const { status, after } = await row.call(c);
        await after?.();
        got[c] = status;
        want[c] = row.expected[c] ?? row.expected.rest;
      }
      for (const c of CALLERS) expect(want[c], `${row.route} as ${c}: ${got[c]}`).toContain(got[c]);
    });
  }

  it("a holder's list and a site's holds show only the caller's own, the client named to its maker alone", async () => {
    const hold = await plannersHold();
    for (const c of CALLERS.filter((x) => x !== 'signedOut')) {
      const list = expectStatus<{ results: Array<{ id: number; client_name: string | null }> }>(
        await make.call(who(c), 'GET', '/api/holds'),
      ).results;
      const sites = JSON.stringify(
        expectStatus(await make.call(who(c), 'GET', `/api/holds/sites?product_ids=${site.id}`)),
      );
      if (c === 'planner') {
        expect(list.find((h) => h.id === hold.id)?.client_name).toBe('Chai Point Brands');
        expect(sites).toContain('Chai Point Brands');
      } else {
        expect(
          list.map((h) => h.id),
          c,
        ).not.toContain(hold.id);
        expect(sites, c).not.toContain('Chai Point Brands');
      }
    }
    await hold.after();
  });
});
