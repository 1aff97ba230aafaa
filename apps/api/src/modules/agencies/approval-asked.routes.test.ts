import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Site,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema.ts';

/** "Approval asked" (DESIGN 19, decision 092): the link emailed to the client's approver when given. */
describe('an approval link emailed to the approver', () => {
  let ctx: TestContext;
  let make: Factory;
  let agency: Agency;
  let sites: Site[];
  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { PUBLIC_URL: 'https://ads.example.in' } });
    make = factory(ctx);
    agency = await make.agency({ members: ['planner'], clients: [{ name: 'Acme Foods' }] });
    const owner = await make.owner();
    sites = [await make.site(owner)];
  });
  afterAll(() => ctx.close());

  const day = (ahead: number) =>
    new Date(ctx.clock.now().getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
  async function savedCampaign(): Promise<number> {
    const products = sites.map((s) => ({ product_id: s.id, from_date: day(10), to_date: day(17) }));
    const planner = agency.members.planner!;
    const made = expectStatus<{ data: { id: number } }>(
      await make.call(planner, 'POST', '/api/create_customized_campaign/', {
        name: 'Monsoon push',
        products,
      }),
    );
    expectStatus(
      await make.call(planner, 'POST', '/api/save_campaign/', { campaign_id: made.data.id, products }),
    );
    return made.data.id;
  }
  const asked = (email: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, 'approval_asked'), eq(notifications.recipient, email)));

  it('emails the link that opens the plan, once, to the address given; none without one', async () => {
    const campaignId = await savedCampaign();
    const planner = agency.members.planner!;
    const link = expectStatus<{ data: { token: string } }>(
      await make.call(planner, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
        client_id: agency.clientIds[0],
        approver_email: ' Meera.Rao@Acme.example ',
      }),
      201,
    ).data;
    const mail = await asked('meera.rao@acme.example');
    expect(mail).toHaveLength(1);
    expect(mail[0].channel).toBe('email');
    const payload = mail[0].payload as Record<string, string>;
    expect(payload).toMatchObject({
      client_name: 'Acme Foods',
      campaign_name: 'Monsoon push',
      url: `https://ads.example.in/approvals/${link.token}`,
    });
    // The emailed address is the approver's page, signed out.
    const token = payload.url.split('/approvals/')[1];
    expect(
      expectStatus<{ data: { state: string } }>(await make.call(null, 'GET', `/api/approvals/${token}`)).data
        .state,
    ).toBe('pending');

    // Without an address the planner passes the link on: nothing is queued.
    const before = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.template, 'approval_asked'))
    ).length;
    expectStatus(
      await make.call(planner, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
        client_id: agency.clientIds[0],
      }),
      201,
    );
    expect(
      (await ctx.database.db.select().from(notifications).where(eq(notifications.template, 'approval_asked')))
        .length,
    ).toBe(before);
  });

  it('refuses an address that is not one, naming the field, and makes no link', async () => {
    const campaignId = await savedCampaign();
    const res = await make.call(
      agency.members.planner!,
      'POST',
      `/api/agency/campaigns/${campaignId}/approval`,
      {
        client_id: agency.clientIds[0],
        approver_email: 'meera@',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.approver_email).toBe('Enter a valid email address');
    const links = expectStatus<{ data: unknown[] }>(
      await make.call(agency.members.planner!, 'GET', `/api/agency/approvals?campaign_id=${campaignId}`),
    );
    expect(links.data).toEqual([]);
  });
});
