import type { OrderDetail } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFactoryApp,
  expectStatus,
  type Factory,
  factory,
  type Order,
  type Owner,
} from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';

/**
 * Decision 091: GET /api/orders/{id}/report.pdf, the post-campaign report, for the buyer and operators once
 * a line has completed. Made through the factory's completed state (artwork approved, proofs posted on the
 * first day, the clock past the end, the job queue completing the lines). The clock starts on 22 Nov 2026.
 */
describe('GET /api/orders/{id}/report.pdf', () => {
  let ctx: TestContext;
  let f: Factory;
  let owner: Owner;
  /** Not started when the report is asked for (10-16 Jan 2027). */
  let early: Order;
  /** 29 Nov - 5 Dec: the gantry with a verified proof, the pole with none; completed. */
  let done: Order;
  /** From 14 Dec: a 7-day line completed, a 21-day line still running. */
  let partly: Order;
  const report = (who: Parameters<Factory['call']>[0], orderId: number) =>
    f.call(who, 'GET', `/api/orders/${orderId}/report.pdf`);

  beforeAll(async () => {
    ctx = await createFactoryApp();
    f = factory(ctx);
    owner = await f.owner();
    const gantry = await f.site(owner, 'live', { name: 'Andheri Gantry', price: 4500, impression: 120_000 });
    const pole = await f.site(owner, 'live', { name: 'Worli Pole', price: 2000, impression: 80_000 });
    const bandra = await f.site(owner, 'live', { name: 'Bandra Hoarding', price: 3000, impression: 150_000 });
    early = await f.order(await f.buyer(), [bandra], 'paid', { from: '2027-01-10' });
    done = await f.order(await f.buyer(), [gantry, pole], 'completed', {
      completion: { owner, proofs: ['verified', 'none'] },
    });
    partly = await f.order(await f.buyer(), [gantry, bandra], 'completed', {
      from: '2026-12-14',
      ends: ['2026-12-21', '2027-01-04'],
      completion: { owner, proofs: ['unverified', 'verified'] },
    });
    await f.refresh(early.buyer);
    await f.refresh(done.buyer);
    await f.refresh(owner.admin);
  });
  afterAll(() => ctx.close());

  it('is a 409 with the first end date before any line has completed, and the order offers no link', async () => {
    const res = await report(early.buyer, early.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The campaign report is ready once a line has run its course: the first ends on 16 Jan 2027.',
    );
    const detail = expectStatus<OrderDetail>(await f.call(early.buyer, 'GET', `/api/orders/${early.id}`));
    expect(detail.report_url).toBeNull();
  });

  it('reports each line: proofs and checks, days live, impressions, CPM after a refund, totals', async () => {
    const detail = expectStatus<OrderDetail>(await f.call(done.buyer, 'GET', `/api/orders/${done.id}`));
    expect(detail.lines.map((l) => l.status)).toEqual(['completed', 'completed']);
    expect(detail.report_url).toBe(`/api/orders/${done.id}/report.pdf`);
    const gantryLine = detail.lines[0].id;
    // ₹3,717 with GST back on the gantry: ₹3,150 before GST (18 %).
    const op = await f.operator();
    expectStatus(
      await f.call(op, 'POST', `/api/ops/orders/${done.id}/refunds`, {
        amount: 3717,
        reason: 'The light was out for a night',
        line_ids: [gantryLine],
      }),
    );
    const res = await report(done.buyer, done.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { text } = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Campaign report');
    expect(flat).toContain('Andheri Gantry');
    expect(flat).toContain('29 Nov 2026 - 5 Dec 2026 (7 days)');
    // The gantry: verified on the first day, live all 7 days: 7 x 1,20,000 delivered.
    expect(flat).toContain('Verified. Taken 29 Nov 2026, 10:00 am');
    expect(flat).toMatch(/Time window: within the booked dates/);
    expect(flat).toContain('7 of 7, from 29 Nov 2026');
    expect(flat).toContain('8,40,000 (8.4 lakh) · owner-declared');
    expect(flat).toContain('₹3,717.00 with GST (₹3,150.00 before GST)');
    // (₹31,500 - ₹3,150) / 840 thousand = ₹33.75.
    expect(flat).toContain('₹33.75 per 1,000 (₹28,350.00 after refunds, before GST)');
    // The pole: no proof, no day live, no CPM.
    expect(flat).toContain('No proof was posted for this line.');
    expect(flat).toContain('0: no verified proof');
    // Totals: ₹45,500 before GST; only the gantry delivered: (₹45,500 - ₹3,150) / 840 = ₹50.42.
    expect(flat).toContain('Cost before GST ₹45,500.00');
    expect(flat).toContain('CPM achieved ₹50.42 per 1,000 (before GST)');
    // An operator reads it too.
    expect((await report(op, done.id)).statusCode).toBe(200);
  });

  it('reports the completed lines of a partly finished order and lists the rest as still running', async () => {
    const res = await report(partly.buyer, partly.id);
    expect(res.statusCode).toBe(200);
    const flat = (await pdfText(res.rawPayload)).text.replace(/\s+/g, ' ');
    expect(flat).toContain('1 completed, 1 still running');
    // The gantry's proof was taken 2 km away: unverified, so no day counts as live.
    expect(flat).toContain('Unverified: 2.0 km from the site.');
    expect(flat).toContain('Distance: 2.0 km from the site (more than 250 m)');
    expect(flat).toContain('Still running (reported once they end)');
    expect(flat).toMatch(/Bandra Hoarding \([^)]*\), Mumbai: 14 Dec 2026 - 3 Jan 2027/);
  });

  it("answers another buyer, the sites' owner and a signed-out caller as nobody's business", async () => {
    expect((await report(await f.buyer(), done.id)).statusCode).toBe(404);
    expect((await report(owner.admin, done.id)).statusCode).toBe(404);
    expect((await report(null, done.id)).statusCode).toBe(401);
    expect((await report(done.buyer, 987_654)).statusCode).toBe(404);
  });
});
