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
import { briefBody, FROM, type ProposalView, propose, TO } from '../proposals/proposals.test-helpers.ts';

/**
 * Holds and briefs made for an agency's client (DESIGN 19, decision 092 second pass): `client_id` on
 * POST /api/holds and POST /api/briefs, checked as booking checks it (one of the caller's agency's, as
 * admin or planner; 404 otherwise, nothing written); the client named on the maker's own views only; a
 * client's brief books its accepted proposal for the client, with its PO number and monthly limit; the
 * client list says what each client spent this month.
 */

let ctx: TestContext;
let make: Factory;
let agency: Agency;
beforeAll(async () => {
  ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
  make = factory(ctx);
  agency = await make.agency({
    members: ['planner', 'approver'],
    clients: [{ name: 'Chai Point Brands', gstin: '27AAPFU0939F1ZV' }, { name: 'Monsoon Footwear' }],
  });
});
afterAll(() => ctx.close());

const holdBody = (site: Site, extra: Record<string, unknown> = {}) => ({
  product_id: site.id,
  from_date: FROM,
  to_date: TO,
  ...extra,
});

interface HoldsList {
  results: Array<{ id: number; product_id: number; client_name: string | null }>;
}

describe('holds for a client', () => {
  it("a planner holds for the agency's client: the holder's list and the campaign's lines name it", async () => {
    const site = await make.site(await make.owner());
    const planner = agency.members.planner!;
    const hold = expectStatus<{ id: number }>(
      await make.call(planner, 'POST', '/api/holds', holdBody(site, { client_id: agency.clientIds[0] })),
      201,
    );
    const mine = expectStatus<HoldsList>(await make.call(planner, 'GET', '/api/holds'));
    expect(mine.results.find((h) => h.id === hold.id)?.client_name).toBe('Chai Point Brands');
    const onLines = expectStatus<{
      results: Array<{ id: number; mine: boolean; client_name: string | null }>;
    }>(await make.call(planner, 'GET', `/api/holds/sites?product_ids=${site.id}`));
    expect(onLines.results).toEqual([
      expect.objectContaining({ id: hold.id, mine: true, client_name: 'Chai Point Brands' }),
    ]);
    // Another buyer sees the hold, never whom it is for.
    const other = expectStatus<{ results: Array<{ mine: boolean; client_name: string | null }> }>(
      await make.call(await make.buyer(), 'GET', `/api/holds/sites?product_ids=${site.id}`),
    );
    expect(other.results).toEqual([expect.objectContaining({ mine: false, client_name: null })]);
    // A hold without a client is the buyer's own.
    const own = await make.site(await make.owner());
    const plain = expectStatus<{ id: number }>(
      await make.call(planner, 'POST', '/api/holds', holdBody(own)),
      201,
    );
    const after = expectStatus<HoldsList>(await make.call(planner, 'GET', '/api/holds'));
    expect(after.results.find((h) => h.id === plain.id)?.client_name).toBeNull();
  });

  it("another agency's client, an approver's or a buyer's hold for a client is 404, nothing held", async () => {
    const site = await make.site(await make.owner());
    const other = await make.agency({ clients: [{}] });
    const tries: Array<[Agency['admin'], number]> = [
      [other.admin, agency.clientIds[0]],
      [agency.admin, other.clientIds[0]],
      [agency.members.approver!, agency.clientIds[0]],
      [await make.buyer(), agency.clientIds[0]],
    ];
    for (const [who, clientId] of tries) {
      const res = await make.call(who, 'POST', '/api/holds', holdBody(site, { client_id: clientId }));
      expect(res.statusCode, res.body).toBe(404);
    }
    const seen = expectStatus<{ results: unknown[] }>(
      await make.call(await make.buyer(), 'GET', `/api/holds/sites?product_ids=${site.id}`),
    );
    expect(seen.results).toEqual([]);
  });
});

describe('briefs for a client', () => {
  it('the brief names its client to the planner, never to owners; its proposal books for the client', async () => {
    const owner = await make.owner();
    const site = await make.site(owner, 'live', { name: 'Dadar TT Circle Gantry' });
    const planner = agency.members.planner!;
    const brief = expectStatus<{ id: number }>(
      await make.call(planner, 'POST', '/api/briefs', briefBody({ client_id: agency.clientIds[0] })),
      201,
    );
    const listed = expectStatus<{ results: Array<{ id: number; client_name: string | null }> }>(
      await make.call(planner, 'GET', '/api/briefs'),
    );
    expect(listed.results.find((b) => b.id === brief.id)?.client_name).toBe('Chai Point Brands');
    const seenByOwner = await make.call(owner.admin, 'GET', '/api/partner/briefs');
    expect(seenByOwner.statusCode).toBe(200);
    expect(seenByOwner.body).not.toContain('Chai Point');

    const proposal = await propose(make, owner, brief.id, site, 30_000);
    const detail = expectStatus<{ client_name: string | null; proposals: ProposalView[] }>(
      await make.call(planner, 'GET', `/api/briefs/${brief.id}`),
    );
    expect(detail.client_name).toBe('Chai Point Brands');
    // Accepting holds the line for the client.
    expectStatus(
      await make.call(planner, 'POST', `/api/proposals/${proposal.id}/accept`, {
        line_ids: [proposal.lines[0].id],
      }),
    );
    const holds = expectStatus<HoldsList>(await make.call(planner, 'GET', '/api/holds'));
    expect(holds.results.find((h) => h.product_id === site.id)?.client_name).toBe('Chai Point Brands');

    // Booking places the order for the client, with its PO number; the month's spend counts it.
    const order = expectStatus<{ order_id: number }>(
      await make.call(planner, 'POST', `/api/proposals/${proposal.id}/book`, {
        amount: 30_000,
        po_number: 'PO-CP-0042',
      }),
    );
    const page = expectStatus<{ billed_to: string | null; po_number: string | null }>(
      await make.call(planner, 'GET', `/api/orders/${order.order_id}`),
    );
    expect(page.billed_to).toContain('Chai Point Brands');
    expect(page.po_number).toBe('PO-CP-0042');
    const clients = expectStatus<{ data: Array<{ id: number; spent_this_month_paise: number }> }>(
      await make.call(agency.admin, 'GET', '/api/agency/clients'),
    );
    const spend = Object.fromEntries(clients.data.map((c) => [c.id, c.spent_this_month_paise]));
    expect(spend[agency.clientIds[0]]).toBeGreaterThanOrEqual(3_000_000);
    expect(spend[agency.clientIds[1]]).toBe(0);
  });

  it("a client's monthly limit refuses a proposal's booking past it; approval-first clients refuse it", async () => {
    const capped = await make.agency({ clients: [{ name: 'Capped Co' }, { name: 'Careful Co' }] });
    const patch = (i: number, body: Record<string, unknown>) =>
      make.call(capped.admin, 'PATCH', `/api/agency/clients/${capped.clientIds[i]}`, body);
    expectStatus(await patch(0, { monthly_limit_paise: 1_000_000 }));
    expectStatus(await patch(1, { approval_required: true }));
    for (const [i, code] of [
      [0, 'monthly_limit_exceeded'],
      [1, 'approval_required'],
    ] as const) {
      const owner = await make.owner();
      const site = await make.site(owner);
      const brief = expectStatus<{ id: number }>(
        await make.call(capped.admin, 'POST', '/api/briefs', briefBody({ client_id: capped.clientIds[i] })),
        201,
      );
      const proposal = await propose(make, owner, brief.id, site, 20_000);
      expectStatus(
        await make.call(capped.admin, 'POST', `/api/proposals/${proposal.id}/accept`, {
          line_ids: [proposal.lines[0].id],
        }),
      );
      const res = await make.call(capped.admin, 'POST', `/api/proposals/${proposal.id}/book`, {
        amount: 20_000,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe(code);
      if (code === 'approval_required')
        expect(res.json().error.message).toContain('ask for approval of this proposal');
    }
  });

  it("an approval-first client's proposal: asked, approved through the link on the agreed prices, then booked", async () => {
    const careful = await make.agency({ members: ['approver'], clients: [{ name: 'Careful Co' }] });
    expectStatus(
      await make.call(careful.admin, 'PATCH', `/api/agency/clients/${careful.clientIds[0]}`, {
        approval_required: true,
      }),
    );
    const owner = await make.owner();
    const site = await make.site(owner, 'live', { name: 'Worli Naka Hoarding' });
    const brief = expectStatus<{ id: number }>(
      await make.call(careful.admin, 'POST', '/api/briefs', briefBody({ client_id: careful.clientIds[0] })),
      201,
    );
    const proposal = await propose(make, owner, brief.id, site, 20_000);
    const ask = () => make.call(careful.admin, 'POST', `/api/proposals/${proposal.id}/approval`, {});
    const book = () =>
      make.call(careful.admin, 'POST', `/api/proposals/${proposal.id}/book`, { amount: 18_000 });

    // Nothing accepted yet: nothing to approve.
    expect((await ask()).json().error.code).toBe('nothing_accepted');
    // The buyer counters, the owner accepts the counter: the agreed price is 18,000, not the 20,000 offered.
    expectStatus(
      await make.call(careful.admin, 'POST', `/api/proposals/${proposal.id}/counter`, {
        lines: [{ line_id: proposal.lines[0].id, price: 18_000 }],
      }),
    );
    expectStatus(await make.call(owner.admin, 'POST', `/api/partner/proposals/${proposal.id}/accept`, {}));
    const first = expectStatus<{ data: { token: string; state: string; lines: Array<{ price: number }> } }>(
      await ask(),
      201,
    ).data;
    expect(first.state).toBe('pending');
    // Only the brief's buyer asks; the agency's approver, another buyer and the owner are told nothing.
    for (const who of [careful.members.approver!, await make.buyer(), owner.admin])
      expect((await make.call(who, 'POST', `/api/proposals/${proposal.id}/approval`, {})).statusCode).toBe(
        404,
      );
    const link = expectStatus<{ data: { token: string; url: string } }>(await ask(), 201).data;
    // The approver's page: the accepted line at its agreed price, with GST; the older link replaced.
    const page = expectStatus<{
      data: {
        proposal_id: number;
        campaign_id: number | null;
        campaign_name: string;
        lines: Array<{ price: number; gst: number }>;
        subtotal: number;
      };
    }>(await make.call(null, 'GET', `/api/approvals/${link.token}`)).data;
    expect(page).toMatchObject({ proposal_id: proposal.id, campaign_id: null, subtotal: 18_000 });
    expect(page.campaign_name).toContain(`proposal #${proposal.id}`);
    expect(page.lines).toEqual([expect.objectContaining({ price: 18_000, gst: 3_240 })]);
    expect((await make.call(null, 'GET', `/api/approvals/${first.token}`)).json().data.state).toBe('revoked');

    // Waiting: still refused, saying so.
    const waiting = await book();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toContain('still waiting');
    expectStatus(
      await make.call(null, 'POST', `/api/approvals/${link.token}`, {
        decision: 'approve',
        name: 'Meera Iyer',
      }),
    );
    const listed = expectStatus<{ data: Array<{ proposal_id: number | null; state: string }> }>(
      await make.call(careful.admin, 'GET', `/api/agency/approvals?proposal_id=${proposal.id}`),
    ).data;
    expect(listed.map((a) => a.state)).toEqual(['approved', 'revoked']);
    const order = expectStatus<{ order_id: number; total_amount: number }>(await book());
    const detail = expectStatus<{ billed_to: string }>(
      await make.call(careful.admin, 'GET', `/api/orders/${order.order_id}`),
    );
    expect(detail.billed_to).toContain('Careful Co');
  });

  it("the buyer's own brief needs no client's approval (409 not_for_client)", async () => {
    const owner = await make.owner();
    const site = await make.site(owner);
    const buyer = await make.buyer();
    const brief = expectStatus<{ id: number }>(
      await make.call(buyer, 'POST', '/api/briefs', briefBody()),
      201,
    );
    const proposal = await propose(make, owner, brief.id, site, 20_000);
    expectStatus(
      await make.call(buyer, 'POST', `/api/proposals/${proposal.id}/accept`, {
        line_ids: [proposal.lines[0].id],
      }),
    );
    const res = await make.call(buyer, 'POST', `/api/proposals/${proposal.id}/approval`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('not_for_client');
  });

  it("another agency's client is 404 and no brief is written, no owner told", async () => {
    const other = await make.agency({ clients: [{}] });
    const before = expectStatus<{ results: unknown[] }>(await make.call(agency.admin, 'GET', '/api/briefs'));
    const res = await make.call(
      agency.admin,
      'POST',
      '/api/briefs',
      briefBody({ client_id: other.clientIds[0] }),
    );
    expect(res.statusCode, res.body).toBe(404);
    const after = expectStatus<{ results: unknown[] }>(await make.call(agency.admin, 'GET', '/api/briefs'));
    expect(after.results).toHaveLength(before.results.length);
  });
});
