import { CLIENT_BOOKING_ERRORS, formatRupees, HOLD_MINUTES } from '@ooh/shared';
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

/**
 * What POST /api/booking/book for an agency's client meets (decision 092): with `approval_required`, the
 * plan its approver approved and nothing else; with `monthly_limit_paise`, the month's spend before GST.
 */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
let planner: Person;
/** A second planner for the limit's orders: a planner has at most 3 unpaid orders at once. */
let buyerOfLimits: Person;
let sites: Site[];
const [signOff, capped, free] = [0, 1, 2];
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  agency = await make.agency({
    members: ['planner'],
    clients: [{ name: 'Sign-off Foods' }, { name: 'Capped Motors' }, { name: 'Free Hand Ltd' }],
  });
  planner = agency.members.planner!;
  buyerOfLimits = await make.person();
  expectStatus(
    await make.call(agency.admin, 'POST', '/api/agency/members', {
      phone_number: buyerOfLimits.phone,
      role: 'planner',
    }),
    201,
  );
  const owner = await make.owner();
  sites = [await make.site(owner), await make.site(owner), await make.site(owner)];
});
afterAll(() => ctx.close());

const day = (ahead: number) =>
  new Date(ctx.clock.now().getTime() + ahead * 86_400_000).toISOString().slice(0, 10);

const patchClient = (i: number, body: Record<string, unknown>) =>
  make.call(agency.admin, 'PATCH', `/api/agency/clients/${agency.clientIds[i]}`, body);

interface Line {
  product_id: number;
  from_date: string;
  to_date: string;
  campaign_id?: number;
  customized: boolean;
}

const lines = (of: Site[], from: string, campaignId?: number): Line[] =>
  of.map((s) => ({
    product_id: s.id,
    from_date: from,
    to_date: new Date(Date.parse(`${from}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    ...(campaignId === undefined ? {} : { campaign_id: campaignId }),
    customized: campaignId !== undefined,
  }));

function book(client: number, data: Line[], who = planner) {
  const amount = data.reduce((sum, l) => sum + sites.find((s) => s.id === l.product_id)!.weekRupees, 0);
  return make.call(who, 'POST', '/api/booking/book', {
    amount,
    client_id: agency.clientIds[client],
    data,
  });
}

/** The planner's saved campaign of `data`'s sites and dates. */
async function savedCampaign(data: Line[]): Promise<number> {
  const products = data.map(({ product_id, from_date, to_date }) => ({ product_id, from_date, to_date }));
  const made = expectStatus<{ data: { id: number } }>(
    await make.call(planner, 'POST', '/api/create_customized_campaign/', { name: 'Launch', products }),
  );
  expectStatus(
    await make.call(planner, 'POST', '/api/save_campaign/', { campaign_id: made.data.id, products }),
  );
  return made.data.id;
}

async function askApproval(campaignId: number, client = signOff): Promise<string> {
  return expectStatus<{ data: { token: string } }>(
    await make.call(planner, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
      client_id: agency.clientIds[client],
    }),
    201,
  ).data.token;
}

const decide = async (token: string, decision: 'approve' | 'reject') =>
  expectStatus(await make.call(null, 'POST', `/api/approvals/${token}`, { decision, name: 'Priya' }));

function expectRefused(res: Awaited<ReturnType<typeof book>>, code: string, ...words: string[]) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error.code).toBe(code);
  for (const w of words) expect(res.json().error.message).toContain(w);
}

describe('approval_required', () => {
  it('PATCH /api/agency/clients/{id} turns it on; the client list says so', async () => {
    const res = await patchClient(signOff, { approval_required: true });
    expect(expectStatus<{ data: { approval_required: boolean } }>(res).data.approval_required).toBe(true);
    const list = expectStatus<{ data: Array<{ id: number; approval_required: boolean }> }>(
      await make.call(planner, 'GET', '/api/agency/clients'),
    ).data;
    expect(list.find((c) => c.id === agency.clientIds[signOff])?.approval_required).toBe(true);
    expect(list.find((c) => c.id === agency.clientIds[free])?.approval_required).toBe(false);
    const op = await make.operator();
    const audit = expectStatus<{ results: Array<{ entity_id: string; before: unknown; after: unknown }> }>(
      await make.call(op, 'GET', '/api/ops/audit?action=agency.client_rules'),
    ).results;
    expect(audit.find((e) => e.entity_id === String(agency.clientIds[signOff]))).toMatchObject({
      before: { approval_required: false, monthly_limit_paise: null },
      after: { approval_required: true, monthly_limit_paise: null },
    });
  });

  it('refuses a cart of no campaign, a campaign with no link, a waiting and a rejected one, naming the need', async () => {
    const data = lines([sites[0]], day(20));
    expectRefused(
      await book(signOff, data),
      CLIENT_BOOKING_ERRORS.approvalRequired,
      'Sign-off Foods',
      'approval',
    );
    const campaignId = await savedCampaign(data);
    const fromCampaign = lines([sites[0]], day(20), campaignId);
    expectRefused(
      await book(signOff, fromCampaign),
      CLIENT_BOOKING_ERRORS.approvalRequired,
      'ask for approval',
    );
    const token = await askApproval(campaignId);
    expectRefused(await book(signOff, fromCampaign), CLIENT_BOOKING_ERRORS.approvalRequired, 'still waiting');
    await decide(token, 'reject');
    expectRefused(await book(signOff, fromCampaign), CLIENT_BOOKING_ERRORS.approvalRequired, 'rejected');
    // Another client, which asks for no approval, books the same lines at once.
    expect((await book(free, fromCampaign)).statusCode).toBe(200);
  });

  it('books exactly the approved plan; a part of it, or the plan changed since, is approval_outdated', async () => {
    const data = lines([sites[1], sites[2]], day(30));
    const campaignId = await savedCampaign(data);
    const fromCampaign = lines([sites[1], sites[2]], day(30), campaignId);
    await decide(await askApproval(campaignId), 'approve');
    expectRefused(
      await book(signOff, fromCampaign.slice(0, 1)),
      CLIENT_BOOKING_ERRORS.approvalOutdated,
      'Sign-off Foods approved',
    );
    // The planner moves the dates in the campaign after the approval: the new plan is not the approved one.
    const moved = lines([sites[1], sites[2]], day(40), campaignId);
    expectStatus(
      await make.call(planner, 'POST', '/api/save_campaign/', {
        campaign_id: campaignId,
        products: moved.map(({ product_id, from_date, to_date }) => ({ product_id, from_date, to_date })),
      }),
    );
    expectRefused(
      await book(signOff, moved),
      CLIENT_BOOKING_ERRORS.approvalOutdated,
      'Ask for approval again',
    );
    // The approved plan as it was still books.
    const booked = await book(signOff, fromCampaign);
    expect(booked.statusCode, booked.body).toBe(200);
    // A newer link for the campaign replaces the approved one: its latest link decides.
    await askApproval(campaignId);
    expectRefused(await book(signOff, fromCampaign), CLIENT_BOOKING_ERRORS.approvalRequired, 'still waiting');
  });

  it("the approval of another client's link does not count for this client", async () => {
    const data = lines([sites[0]], day(50));
    const campaignId = await savedCampaign(data);
    await decide(await askApproval(campaignId, free), 'approve');
    expectRefused(
      await book(signOff, lines([sites[0]], day(50), campaignId)),
      CLIENT_BOOKING_ERRORS.approvalRequired,
      'ask for approval',
    );
  });
});

describe('monthly_limit_paise', () => {
  const week = () => sites[0].weekRupees * 100;
  const spend = (client: number, data: Line[]) => book(client, data, buyerOfLimits);

  it('PATCH refuses a limit that is not a positive whole number of paise, naming the field', async () => {
    for (const bad of [0, -5, 12.5, '1000']) {
      const res = await patchClient(capped, { monthly_limit_paise: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain('monthly_limit_paise');
    }
  });

  it("refuses the order that would pass the month's limit, naming the limit and what is left", async () => {
    const limit = Math.round(week() * 1.5);
    const set = expectStatus<{ data: { monthly_limit_paise: number } }>(
      await patchClient(capped, { monthly_limit_paise: limit }),
    );
    expect(set.data.monthly_limit_paise).toBe(limit);
    expect((await spend(capped, lines([sites[0]], day(60)))).statusCode).toBe(200);
    const over = await spend(capped, lines([sites[1]], day(60)));
    const left = limit - week();
    expectRefused(
      over,
      CLIENT_BOOKING_ERRORS.monthlyLimit,
      'Capped Motors',
      formatRupees(limit / 100),
      `${formatRupees(left / 100)} is left this month`,
    );
    // The same cart placed again replaces the planner's open order: it is not spent twice.
    expect((await spend(capped, lines([sites[0]], day(60)))).statusCode).toBe(200);
  });

  it('an order whose hold lapsed spends nothing; removing the limit lets any order through', async () => {
    ctx.clock.advance((HOLD_MINUTES + 1) * 60_000);
    await make.refresh(buyerOfLimits);
    await make.refresh(agency.admin);
    expect((await spend(capped, lines([sites[1]], day(61)))).statusCode).toBe(200);
    expectRefused(await spend(capped, lines([sites[2]], day(61))), CLIENT_BOOKING_ERRORS.monthlyLimit);
    expectStatus(await patchClient(capped, { monthly_limit_paise: null }));
    expect((await spend(capped, lines([sites[2]], day(61)))).statusCode).toBe(200);
  });

  it('a paid order counts until the IST month ends; the next month starts from nothing', async () => {
    await make.refresh(buyerOfLimits);
    await make.refresh(agency.admin);
    const limit = Math.round(week() * 1.5);
    expectStatus(await patchClient(free, { monthly_limit_paise: limit }));
    await make.order(buyerOfLimits, [sites[0]], 'paid', { client_id: agency.clientIds[free], from: day(70) });
    expectRefused(await spend(free, lines([sites[1]], day(70))), CLIENT_BOOKING_ERRORS.monthlyLimit);
    // Midnight in India on the 1st of next month (the test clock starts on 22 November 2026).
    ctx.clock.set(new Date('2026-11-30T18:30:00Z'));
    await make.refresh(buyerOfLimits);
    const next = await spend(free, lines([sites[1]], day(70)));
    expect(next.statusCode, next.body).toBe(200);
  });
});
