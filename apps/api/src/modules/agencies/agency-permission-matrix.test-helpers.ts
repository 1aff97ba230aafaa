import { addDays, todayIst } from '@ooh/shared';
import { expectStatus, type Factory, type Person, type Site } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { briefBody } from '../proposals/proposals.test-helpers.ts';

/**
 * The records the deal desk's permission matrix names (agency-permission-matrix.routes.test.ts): each one
 * the planner's own, made fresh for each caller on a fresh week of the site's dates. `s` reads the test
 * file's state, made in its beforeAll.
 */
export interface DeskState {
  ctx: TestContext;
  make: Factory;
  planner: Person;
  owner: Person;
  site: Site;
  clientId: number;
}

export function plannerRecords(s: () => DeskState) {
  let window = 0;
  /** A fresh week of the site's dates, so a hold made for one caller never meets another's. */
  function dates() {
    const from = addDays(todayIst(s().ctx.clock.now()), 30 + 7 * (window++ % 40));
    return { from_date: from, to_date: addDays(from, 7) };
  }

  /** The planner's hold for the agency's client, released again by `after` whatever the caller did. */
  async function plannersHold() {
    const hold = expectStatus<{ id: number }>(
      await s().make.call(s().planner, 'POST', '/api/holds', {
        product_id: s().site.id,
        ...dates(),
        client_id: s().clientId,
      }),
      201,
    );
    return {
      id: hold.id,
      after: async () => expectStatus(await s().make.call(s().planner, 'DELETE', `/api/holds/${hold.id}`)),
    };
  }

  async function plannersCampaign(): Promise<number> {
    const products = [{ product_id: s().site.id, ...dates() }];
    const made = expectStatus<{ data: { id: number } }>(
      await s().make.call(s().planner, 'POST', '/api/create_customized_campaign/', {
        name: 'Matrix plan',
        products,
      }),
    );
    expectStatus(
      await s().make.call(s().planner, 'POST', '/api/save_campaign/', {
        campaign_id: made.data.id,
        products,
      }),
    );
    return made.data.id;
  }

  async function plannersLink(): Promise<{ id: number; token: string }> {
    const campaignId = await plannersCampaign();
    return expectStatus<{ data: { id: number; token: string } }>(
      await s().make.call(s().planner, 'POST', `/api/agency/campaigns/${campaignId}/approval`, {
        client_id: s().clientId,
      }),
      201,
    ).data;
  }

  /** A proposal on the planner's brief for the client, its line accepted (owner A's site, fresh dates). */
  async function plannersAcceptedProposal(): Promise<number> {
    const { from_date, to_date } = dates();
    const brief = expectStatus<{ id: number }>(
      await s().make.call(
        s().planner,
        'POST',
        '/api/briefs',
        briefBody({ client_id: s().clientId, from_date, to_date }),
      ),
      201,
    );
    const proposal = expectStatus<{ id: number; lines: Array<{ id: number }> }>(
      await s().make.call(s().owner, 'POST', `/api/partner/briefs/${brief.id}/proposals`, {
        lines: [{ product_id: s().site.id, from_date, to_date, price: 9000 }],
        valid_until: addDays(todayIst(s().ctx.clock.now()), 10),
        notes: '',
      }),
      201,
    );
    expectStatus(
      await s().make.call(s().planner, 'POST', `/api/proposals/${proposal.id}/accept`, {
        line_ids: [proposal.lines[0].id],
      }),
    );
    return proposal.id;
  }

  return { dates, plannersHold, plannersCampaign, plannersLink, plannersAcceptedProposal };
}

export const clientBody = (name: string) => ({
  name,
  address_line_1: '9 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400050',
  bill_to: 'client',
});
