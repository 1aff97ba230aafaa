import { APPROVAL_LINK_DAYS, APPROVAL_TOKEN_PATTERN } from '@ooh/shared';
import { eq } from 'drizzle-orm';
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
import { agencyApprovals, notifications } from '../../db/schema.ts';

/**
 * Approval links (decision 092): POST /api/agency/campaigns/{id}/approval, GET /api/agency/approvals,
 * DELETE /api/agency/approvals/{id}, and the approver's signed-out GET and POST /api/approvals/{token}.
 */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
let sites: Site[];
let planner: Person;
let from: string;
let to: string;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  agency = await make.agency({ members: ['planner', 'approver'], clients: [{ name: 'Acme Foods' }] });
  planner = agency.members.planner!;
  const owner = await make.owner();
  sites = [await make.site(owner), await make.site(owner)];
  from = day(10);
  to = day(17);
});
afterAll(() => ctx.close());

function day(ahead: number): string {
  return new Date(ctx.clock.now().getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}

/** A saved customized campaign of `who` with `sites` for the dates: the plan a planner books from. */
async function savedCampaign(who: Person, of: Site[] = sites, dates = { from, to }): Promise<number> {
  const products = of.map((s) => ({ product_id: s.id, from_date: dates.from, to_date: dates.to }));
  const made = expectStatus<{ data: { id: number } }>(
    await make.call(who, 'POST', '/api/create_customized_campaign/', { name: 'Diwali push', products }),
  );
  expectStatus(await make.call(who, 'POST', '/api/save_campaign/', { campaign_id: made.data.id, products }));
  return made.data.id;
}

interface Link {
  id: number;
  token: string;
  url: string;
  state: string;
  expires_at: string;
  lines: Array<Record<string, unknown>>;
  subtotal: number;
  gst: number;
  total: number;
}

async function ask(who: Person, campaignId: number, clientId = agency.clientIds[0]): Promise<Link> {
  return expectStatus<{ data: Link }>(
    await make.call(who, 'POST', `/api/agency/campaigns/${campaignId}/approval`, { client_id: clientId }),
    201,
  ).data;
}

describe('POST /api/agency/campaigns/{id}/approval', () => {
  it("answers a link once, with the plan priced as booking prices it, GST and the client's names", async () => {
    const campaignId = await savedCampaign(planner);
    const link = await ask(planner, campaignId);
    expect(link.token).toMatch(APPROVAL_TOKEN_PATTERN);
    expect(link.url).toBe(`/approvals/${link.token}`);
    expect(link.state).toBe('pending');
    expect(Date.parse(link.expires_at) - ctx.clock.now().getTime()).toBe(APPROVAL_LINK_DAYS * 86_400_000);
    expect(link.lines).toHaveLength(2);
    const week = sites[0].weekRupees;
    expect(link.lines[0]).toMatchObject({
      product_id: sites[0].id,
      from_date: from,
      to_date: to,
      days: 7,
      price: week,
      gst: Math.round(week * 18) / 100,
      total: week + Math.round(week * 18) / 100,
    });
    expect(typeof link.lines[0].city).toBe('string');
    expect(typeof link.lines[0].format).toBe('string');
    expect(link.subtotal).toBe(sites[0].weekRupees + sites[1].weekRupees);
    expect(link.total).toBeCloseTo(link.subtotal + link.gst, 2);
    // Only the token's hash is kept.
    const [row] = await ctx.database.db.select().from(agencyApprovals).where(eq(agencyApprovals.id, link.id));
    expect(row.tokenHash).not.toContain(link.token);
    expect(JSON.stringify(row)).not.toContain(link.token);
  });

  it('a newer link for the same campaign and client replaces the one still waiting', async () => {
    const campaignId = await savedCampaign(planner);
    const first = await ask(planner, campaignId);
    const again = await ask(planner, campaignId);
    const list = expectStatus<{ data: Array<{ id: number; state: string }> }>(
      await make.call(planner, 'GET', `/api/agency/approvals?campaign_id=${campaignId}`),
    ).data;
    expect(list.map((a) => [a.id, a.state])).toEqual([
      [again.id, 'pending'],
      [first.id, 'revoked'],
    ]);
    expect(JSON.stringify(list)).not.toContain(again.token);
    // The replaced link decides nothing any more.
    const late = await make.call(null, 'POST', `/api/approvals/${first.token}`, {
      decision: 'approve',
      name: 'Meera',
    });
    expect(late.statusCode).toBe(410);
  });

  it("refuses: an approver 403; no agency, another agency's client, another user's or an unsaved campaign 404; signed out 401", async () => {
    const campaignId = await savedCampaign(planner);
    const post = (who: Person | null, id: number, clientId = agency.clientIds[0]) =>
      make.call(who, 'POST', `/api/agency/campaigns/${id}/approval`, { client_id: clientId });
    expect((await post(agency.members.approver!, campaignId)).statusCode).toBe(403);
    expect((await make.call(agency.members.approver!, 'GET', '/api/agency/approvals')).statusCode).toBe(403);
    expect((await post(await make.buyer(), campaignId)).statusCode).toBe(404);
    const other = await make.agency({ clients: [{ name: 'Other Client' }] });
    const theirs = await savedCampaign(other.admin);
    expect((await post(planner, campaignId, other.clientIds[0])).statusCode).toBe(404);
    expect((await post(other.admin, theirs, agency.clientIds[0])).statusCode).toBe(404);
    expect((await post(planner, theirs)).statusCode).toBe(404);
    // Even the agency's admin cannot ask on the planner's own campaign: it is the planner's.
    expect((await post(agency.admin, campaignId)).statusCode).toBe(404);
    const draft = expectStatus<{ data: { id: number } }>(
      await make.call(planner, 'POST', '/api/create_customized_campaign/', {
        products: [{ product_id: sites[0].id }],
      }),
    );
    expect((await post(planner, draft.data.id)).statusCode).toBe(404);
    expect((await post(null, campaignId)).statusCode).toBe(401);
    // Another agency lists none of ours.
    const listed = expectStatus<{ data: unknown[] }>(
      await make.call(other.admin, 'GET', '/api/agency/approvals'),
    );
    expect(listed.data).toEqual([]);
  });
});

describe('GET and POST /api/approvals/{token}, signed out', () => {
  it('shows the plan, records the decision once (audited, the planner told), and a second is 409', async () => {
    const link = await ask(planner, await savedCampaign(planner));
    const page = expectStatus<{ data: Record<string, unknown> }>(
      await make.call(null, 'GET', `/api/approvals/${link.token}`),
    ).data;
    expect(page).toMatchObject({
      state: 'pending',
      client_name: 'Acme Foods',
      agency_name: 'Factory Agency',
      campaign_name: 'Diwali push',
      subtotal: link.subtotal,
      decided_at: null,
    });
    expect(page).not.toHaveProperty('id');
    const decided = expectStatus<{ data: Record<string, unknown> }>(
      await make.call(null, 'POST', `/api/approvals/${link.token}`, {
        decision: 'approve',
        name: 'Meera Shah',
        comment: 'Go ahead.',
      }),
    ).data;
    expect(decided).toMatchObject({ state: 'approved', decided_by_name: 'Meera Shah', comment: 'Go ahead.' });
    const again = await make.call(null, 'POST', `/api/approvals/${link.token}`, {
      decision: 'reject',
      name: 'Someone Else',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already approved');
    expect(
      expectStatus<{ data: { state: string } }>(await make.call(null, 'GET', `/api/approvals/${link.token}`))
        .data.state,
    ).toBe('approved');

    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `approval:${link.id}:decided:sms`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: planner.phone, template: 'approval_decided' });
    expect(JSON.stringify(told[0].payload)).not.toContain(link.token);

    const op = await make.operator();
    const audit = expectStatus<{ results: Array<{ entity_id: string; after: Record<string, unknown> }> }>(
      await make.call(op, 'GET', '/api/ops/audit?action=agency.approval_decide'),
    ).results;
    const entry = audit.find((e) => e.entity_id === String(link.id));
    expect(entry?.after).toMatchObject({
      state: 'approved',
      approver_name: 'Meera Shah',
      via: 'approval_link',
    });
  });

  it('a rejection with a comment is recorded as rejected', async () => {
    const link = await ask(planner, await savedCampaign(planner));
    const res = await make.call(null, 'POST', `/api/approvals/${link.token}`, {
      decision: 'reject',
      name: 'Meera Shah',
      comment: 'Too expensive.\nDrop the second site.',
    });
    expect(expectStatus<{ data: { state: string; comment: string } }>(res).data).toMatchObject({
      state: 'rejected',
      comment: 'Too expensive.\nDrop the second site.',
    });
  });

  it('an unknown or malformed token is 404; a bad body 400 naming the field', async () => {
    const unknown = 'A'.repeat(43);
    expect((await make.call(null, 'GET', `/api/approvals/${unknown}`)).statusCode).toBe(404);
    expect((await make.call(null, 'GET', '/api/approvals/short')).statusCode).toBe(404);
    const body = { decision: 'approve', name: 'Meera' };
    expect((await make.call(null, 'POST', `/api/approvals/${unknown}`, body)).statusCode).toBe(404);
    const link = await ask(planner, await savedCampaign(planner));
    const bad = await make.call(null, 'POST', `/api/approvals/${link.token}`, {
      decision: 'maybe',
      name: 'M',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('decision');
    const nameless = await make.call(null, 'POST', `/api/approvals/${link.token}`, { decision: 'approve' });
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().error.fields)).toContain('name');
  });
});

describe('DELETE /api/agency/approvals/{id}', () => {
  it('withdraws a waiting link (audited): its page reads revoked, a decision is 410, a second withdrawal 409', async () => {
    const link = await ask(planner, await savedCampaign(planner));
    const other = await make.agency();
    expect((await make.call(other.admin, 'DELETE', `/api/agency/approvals/${link.id}`)).statusCode).toBe(404);
    expect(
      (await make.call(agency.members.approver!, 'DELETE', `/api/agency/approvals/${link.id}`)).statusCode,
    ).toBe(403);
    // Any admin or planner of the agency may withdraw it.
    expect((await make.call(agency.admin, 'DELETE', `/api/agency/approvals/${link.id}`)).statusCode).toBe(
      204,
    );
    const page = expectStatus<{ data: { state: string } }>(
      await make.call(null, 'GET', `/api/approvals/${link.token}`),
    );
    expect(page.data.state).toBe('revoked');
    const decide = await make.call(null, 'POST', `/api/approvals/${link.token}`, {
      decision: 'approve',
      name: 'M',
    });
    expect(decide.statusCode).toBe(410);
    expect((await make.call(planner, 'DELETE', `/api/agency/approvals/${link.id}`)).statusCode).toBe(409);
    const op = await make.operator();
    const audit = expectStatus<{ results: Array<{ entity_id: string }> }>(
      await make.call(op, 'GET', '/api/ops/audit?action=agency.approval_revoke'),
    ).results;
    expect(audit.map((e) => e.entity_id)).toContain(String(link.id));
  });
});

describe('an approval link expires', () => {
  it(`after ${APPROVAL_LINK_DAYS} days its page reads expired and a decision is 410`, async () => {
    const link = await ask(planner, await savedCampaign(planner));
    ctx.clock.set(new Date(Date.parse(link.expires_at)));
    const page = expectStatus<{ data: { state: string } }>(
      await make.call(null, 'GET', `/api/approvals/${link.token}`),
    );
    expect(page.data.state).toBe('expired');
    const res = await make.call(null, 'POST', `/api/approvals/${link.token}`, {
      decision: 'approve',
      name: 'M',
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toContain('expired');
  });
});
