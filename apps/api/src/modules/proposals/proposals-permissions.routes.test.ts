import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Owner,
  type Person,
  type Site,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { briefAndProposal, briefBody } from './proposals.test-helpers.ts';

/**
 * Who may call the buyer's brief and proposal routes (decision 086): the brief's buyer only; another
 * buyer, the proposing owner's team, another owner and an operator get 404 for the records (nothing
 * about them is told), signed out 401. The partner routes are in the permission matrix
 * (robustness/permission-matrix.entries-proposals.ts).
 */
type Caller = 'buyer' | 'otherBuyer' | 'owner' | 'otherOwner' | 'field' | 'operator' | 'signedOut';
const CALLERS: Caller[] = ['buyer', 'otherBuyer', 'owner', 'otherOwner', 'field', 'operator', 'signedOut'];

describe('briefs and proposals: who may call what', () => {
  let ctx: TestContext;
  let make: Factory;
  let people: Record<Exclude<Caller, 'signedOut'>, Person>;
  let owner: Owner;
  let site: Site;
  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    make = factory(ctx);
    owner = await make.owner({ members: ['field'] });
    site = await make.site(owner);
    const other = await make.owner();
    people = {
      buyer: await make.buyer(),
      otherBuyer: await make.buyer(),
      owner: owner.admin,
      otherOwner: other.admin,
      field: owner.members.field!,
      operator: await make.operator(),
    };
  });
  afterAll(() => ctx.close());

  const who = (c: Caller) => (c === 'signedOut' ? null : people[c]);

  /** Each record route, built fresh per caller (a step taken by one caller changes the next one's). */
  const ROUTES: Array<{ name: string; call: (c: Caller) => Promise<number>; buyerGets: number[] }> = [
    {
      name: 'GET /api/briefs/:id',
      buyerGets: [200],
      call: async (c) => {
        const { briefId } = await briefAndProposal(make, people.buyer, owner, site);
        return (await make.call(who(c), 'GET', `/api/briefs/${briefId}`)).statusCode;
      },
    },
    {
      name: 'GET /api/proposals/:id/proposal.pdf',
      buyerGets: [200],
      call: async (c) => {
        const { proposal } = await briefAndProposal(make, people.buyer, owner, site);
        return (await make.call(who(c), 'GET', `/api/proposals/${proposal.id}/proposal.pdf`)).statusCode;
      },
    },
    ...(['accept', 'counter', 'decline', 'book', 'approval'] as const).map((step) => ({
      name: `POST /api/proposals/:id/${step}`,
      // Book and approval answer 409 until a line is accepted (approval also for a brief of no client):
      // past every permission check. The agency's side of approval is in agencies' permission matrix.
      buyerGets: step === 'book' || step === 'approval' ? [409] : [200],
      call: async (c: Caller) => {
        const { proposal } = await briefAndProposal(make, people.buyer, owner, site);
        const line = proposal.lines[0].id;
        const body = {
          accept: { line_ids: [line] },
          counter: { lines: [{ line_id: line, price: 1000 }] },
          decline: undefined,
          book: { amount: 25_000 },
          approval: {},
        }[step];
        const res = await make.call(who(c), 'POST', `/api/proposals/${proposal.id}/${step}`, body);
        // The buyer's accept held the dates: released again so the next call's proposal can be accepted.
        if (step === 'accept' && res.statusCode === 200) {
          const holds = expectStatus<{ results: Array<{ id: number; status: string }> }>(
            await make.call(people.buyer, 'GET', '/api/holds'),
          );
          for (const h of holds.results.filter((x) => x.status === 'active'))
            expectStatus(await make.call(people.buyer, 'DELETE', `/api/holds/${h.id}`));
        }
        return res.statusCode;
      },
    })),
  ];

  for (const route of ROUTES) {
    it(`${route.name}: the brief's buyer only; everyone else signed in 404, signed out 401`, async () => {
      for (const c of CALLERS) {
        const status = await route.call(c);
        const expected = c === 'buyer' ? route.buyerGets : c === 'signedOut' ? [401] : [404];
        expect(expected, `${route.name} as ${c}: ${status}`).toContain(status);
      }
    });
  }

  it('POST and GET /api/briefs: any signed-in user, each seeing only their own briefs', async () => {
    for (const c of CALLERS) {
      const posted = await make.call(who(c), 'POST', '/api/briefs', briefBody({ name: `Brief of ${c}` }));
      expect(posted.statusCode, c).toBe(c === 'signedOut' ? 401 : 201);
      const list = await make.call(who(c), 'GET', '/api/briefs');
      expect(list.statusCode, c).toBe(c === 'signedOut' ? 401 : 200);
      if (c === 'signedOut') continue;
      const names = (list.json().results as Array<{ name: string }>).map((b) => b.name);
      expect(names, c).toContain(`Brief of ${c}`);
      expect(
        names.filter((n) => n.startsWith('Brief of ') && n !== `Brief of ${c}`),
        c,
      ).toEqual([]);
    }
  });
});
