import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { bookings, proposalLines } from '../../db/schema.ts';
import { briefAndProposal, FROM } from './proposals.test-helpers.ts';

/**
 * Accepting proposals on PostgreSQL, several connections at once (decision 086): the bookings' EXCLUDE
 * constraint and the sites' queue give one winner, and a loser accepts nothing.
 */
describe('accepting a proposal races with one winner', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  const liveRows = (productId: number) =>
    ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.productId, productId), ne(bookings.status, 'cancelled')));

  it('a proposal whose site was booked meanwhile: 409 naming the site, nothing accepted', async () => {
    const owner = await make.owner();
    const site = await make.site(owner, 'live', { name: 'Marine Drive Unipole' });
    const buyer = await make.buyer();
    const { proposal } = await briefAndProposal(make, buyer, owner, site, 20_000);
    // Another buyer books and pays the same dates at the rate card.
    await make.order(await make.buyer(), [site], 'paid', { from: FROM });
    const res = await make.call(buyer, 'POST', `/api/proposals/${proposal.id}/accept`, {
      line_ids: [proposal.lines[0].id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('sites_unavailable');
    expect(res.json().error.message).toContain('Marine Drive Unipole');
    const [line] = await ctx.database.db
      .select()
      .from(proposalLines)
      .where(eq(proposalLines.id, proposal.lines[0].id));
    expect(line.status).toBe('open');
    expect((await liveRows(site.id)).map((r) => r.status)).toEqual(['confirmed']);
  });

  it('two buyers accept proposals of the same site and dates at once: one holds it, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await make.owner();
      const site = await make.site(owner, 'live', { name: `Racing Gantry ${round}` });
      const [first, second] = [await make.buyer(), await make.buyer()];
      const one = await briefAndProposal(make, first, owner, site, 20_000);
      const two = await briefAndProposal(make, second, owner, site, 21_000);
      const answers = await Promise.all([
        make.call(first, 'POST', `/api/proposals/${one.proposal.id}/accept`, {
          line_ids: [one.proposal.lines[0].id],
        }),
        make.call(second, 'POST', `/api/proposals/${two.proposal.id}/accept`, {
          line_ids: [two.proposal.lines[0].id],
        }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json().error.message).toContain(`Racing Gantry ${round}`);
      const rows = await liveRows(site.id);
      expect(rows.map((r) => r.status)).toEqual(['option']);
      const winner = answers[0].statusCode === 200 ? first : second;
      const held = expectStatus<{ results: Array<{ product_id: number }> }>(
        await make.call(winner, 'GET', '/api/holds'),
      );
      expect(held.results.map((h) => h.product_id)).toEqual([site.id]);
      // The loser's line is still open: nothing was accepted that could not be held.
      const loserProposal = answers[0].statusCode === 200 ? two.proposal : one.proposal;
      const [line] = await ctx.database.db
        .select()
        .from(proposalLines)
        .where(eq(proposalLines.id, loserProposal.lines[0].id));
      expect(line.status).toBe('open');
    }
  });

  it('the same buyer accepting twice at once: one set of holds, both answers the accepted proposal', async () => {
    const owner = await make.owner();
    const site = await make.site(owner);
    const buyer = await make.buyer();
    const { proposal } = await briefAndProposal(make, buyer, owner, site, 20_000);
    const body = { line_ids: [proposal.lines[0].id] };
    const answers = await Promise.all([
      make.call(buyer, 'POST', `/api/proposals/${proposal.id}/accept`, body),
      make.call(buyer, 'POST', `/api/proposals/${proposal.id}/accept`, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await liveRows(site.id)).map((r) => r.status)).toEqual(['option']);
  });
});
