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
 * A saved campaign made for a client (decision 092 third pass): PATCH /api/agency/campaigns/{id} and
 * GET /api/agency/campaigns. Only the campaign's own planner (admin or planner of the agency) sets it, to a
 * client of their agency; anything else changes nothing.
 */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
let sites: Site[];
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  agency = await make.agency({
    members: ['planner', 'approver'],
    clients: [{ name: 'Chai Point Brands' }, { name: 'Monsoon Footwear' }],
  });
  sites = [await make.site(await make.owner())];
});
afterAll(() => ctx.close());

async function savedCampaign(who: Person): Promise<number> {
  const products = sites.map((s) => ({ product_id: s.id, from_date: '2027-01-04', to_date: '2027-01-11' }));
  const made = expectStatus<{ data: { id: number } }>(
    await make.call(who, 'POST', '/api/create_customized_campaign/', { name: 'Monsoon push', products }),
  );
  expectStatus(await make.call(who, 'POST', '/api/save_campaign/', { campaign_id: made.data.id, products }));
  return made.data.id;
}

const setClient = (who: Person, id: number, clientId: number | null) =>
  make.call(who, 'PATCH', `/api/agency/campaigns/${id}`, { client_id: clientId });
const listed = async (who: Person) =>
  expectStatus<{ data: Array<{ campaign_id: number; client_id: number; client_name: string }> }>(
    await make.call(who, 'GET', '/api/agency/campaigns'),
  ).data;

describe('a saved campaign for a client', () => {
  it('the planner makes it for a client, changes the client, then for nobody; the list follows', async () => {
    const planner = agency.members.planner!;
    const id = await savedCampaign(planner);
    const set = expectStatus<{ data: unknown }>(await setClient(planner, id, agency.clientIds[0]));
    expect(set.data).toEqual({
      campaign_id: id,
      client_id: agency.clientIds[0],
      client_name: 'Chai Point Brands',
    });
    expect(await listed(planner)).toEqual([set.data]);
    expectStatus(await setClient(planner, id, agency.clientIds[1]));
    expect((await listed(planner)).map((c) => c.client_name)).toEqual(['Monsoon Footwear']);
    // Another planner of the same agency lists only their own campaigns.
    expect(await listed(agency.admin)).toEqual([]);
    const cleared = expectStatus<{ data: unknown }>(await setClient(planner, id, null));
    expect(cleared.data).toEqual({ campaign_id: id, client_id: null, client_name: null });
    expect(await listed(planner)).toEqual([]);
  });

  it("someone else's campaign, another agency's client, an approver or a buyer change nothing", async () => {
    const planner = agency.members.planner!;
    const id = await savedCampaign(planner);
    expectStatus(await setClient(planner, id, agency.clientIds[0]));
    const other = await make.agency({ clients: [{}] });
    const buyer = await make.buyer();
    const approverOwn = await savedCampaign(agency.members.approver!);
    const tries: Array<[Person, number, number | null, number]> = [
      [agency.admin, id, agency.clientIds[1], 404], // the planner's campaign, not the admin's
      [other.admin, id, other.clientIds[0], 404],
      [planner, id, other.clientIds[0], 404], // another agency's client
      [buyer, await savedCampaign(buyer), agency.clientIds[0], 404], // of no agency
      [agency.members.approver!, approverOwn, agency.clientIds[0], 403],
      [planner, 2_147_483_000, agency.clientIds[0], 404],
    ];
    for (const [who, campaignId, clientId, status] of tries) {
      const res = await setClient(who, campaignId, clientId);
      expect(res.statusCode, `${campaignId}: ${res.body}`).toBe(status);
    }
    expect(await listed(planner)).toEqual([
      { campaign_id: id, client_id: agency.clientIds[0], client_name: 'Chai Point Brands' },
    ]);
    expect((await make.call(null, 'GET', '/api/agency/campaigns')).statusCode).toBe(401);
    expect((await make.call(buyer, 'GET', '/api/agency/campaigns')).statusCode).toBe(404);
    expect((await make.call(agency.members.approver!, 'GET', '/api/agency/campaigns')).statusCode).toBe(403);
  });

  it('a body without client_id, or with a text one, is a 400 naming it', async () => {
    const planner = agency.members.planner!;
    const id = await savedCampaign(planner);
    for (const body of [{}, { client_id: 'Chai' }, { client_id: 1, extra: true }]) {
      const res = await make.call(planner, 'PATCH', `/api/agency/campaigns/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
