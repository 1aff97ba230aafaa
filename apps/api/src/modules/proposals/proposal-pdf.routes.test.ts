import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { briefAndProposal, type ProposalView } from './proposals.test-helpers.ts';

/** "A proposal exports to PDF" (DESIGN section 19): what the buyer forwards to a client, and the owner keeps. */
describe('a proposal as a PDF', () => {
  let ctx: TestContext;
  let make: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  it('shows the lines with dates, prices, audience with its source, CPM, the offers and the totals with GST', async () => {
    const owner = await make.owner({ members: ['field'] });
    const site = await make.site(owner);
    const buyer = await make.buyer();
    const { proposal } = await briefAndProposal(make, buyer, owner, site, 25_000);
    const line = proposal.lines[0];
    // The buyer counters; the history is in the document.
    const countered = expectStatus<
      ProposalView & {
        figures: {
          impressions: number;
          cpm: number;
          reach_estimate: number;
          lines_counted: number;
          sources: string[];
        };
      }
    >(
      await make.call(buyer, 'POST', `/api/proposals/${proposal.id}/counter`, {
        lines: [{ line_id: line.id, price: 21_000 }],
      }),
    );
    // The plan figures of the standing lines at their standing price, as every plan reads them.
    expect(countered.figures).toMatchObject({
      impressions: 840_000,
      cpm: 25,
      lines_counted: 1,
      sources: ['owner_declared'],
    });
    expect(countered.figures.reach_estimate).toBeGreaterThan(0);

    const res = await make.call(buyer, 'GET', `/api/proposals/${proposal.id}/proposal.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="proposal-${proposal.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { text } = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Proposal #${proposal.id}`);
    expect(flat).toContain('for the brief "Diwali launch, Mumbai"');
    expect(flat).toContain('4 Jan 2027 - 10 Jan 2027 (7 days)');
    // The standing price is the buyer's counter; the rate card's and the owner's offer are said.
    expect(flat).toContain('₹21,000.00 (the rate card asked');
    expect(flat).toMatch(/Owner offered ₹25,000\.00 .*Buyer countered ₹21,000\.00/);
    // The audience with its source, never a bare figure; impressions over the dates and the CPM at the price.
    expect(flat).toContain('1.2 lakh/day · owner-declared');
    expect(flat).toContain('8.4 lakh over 7 days');
    expect(flat).toContain('CPM ₹25.00 per 1,000');
    expect(flat).toContain('8.4 lakh impressions · owner-declared; CPM ₹25.00 per 1,000 before GST; reach');
    expect(flat).toContain('people (estimate)');
    // Maharashtra buyer, Maharashtra seller: CGST + SGST, 18 %.
    expect(flat).toContain('₹21,000.00 before GST + ₹3,780.00 GST (CGST + SGST) = ₹24,780.00');
    expect(flat).toContain('Includes printing and mounting.');

    // The owner's admin reads the same document; its field member may not (prices are for admins and managers).
    const own = await make.call(owner.admin, 'GET', `/api/partner/proposals/${proposal.id}/proposal.pdf`);
    expect(own.statusCode).toBe(200);
    expect((await pdfText(own.rawPayload)).text).toContain(`Proposal #${proposal.id}`);
    expect(
      (await make.call(owner.members.field!, 'GET', `/api/partner/proposals/${proposal.id}/proposal.pdf`))
        .statusCode,
    ).toBe(403);
    // Another owner never learns it exists; an unknown id is the same 404.
    const other = await make.owner();
    for (const id of [proposal.id, 2_000_000_000]) {
      expect(
        (await make.call(other.admin, 'GET', `/api/partner/proposals/${id}/proposal.pdf`)).statusCode,
      ).toBe(404);
    }
  });
});
