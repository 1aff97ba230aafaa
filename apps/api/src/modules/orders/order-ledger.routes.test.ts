import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { refunds } from '../../db/schema.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Issue 19, one truth per order: the buyer's order page, My Orders and the operator's order page read
 * the same ledger: total with GST, refunded (processed refunds only), net, live sites, and each line's
 * first and last day. Two lines of 7 days at ₹1,500, billed in Maharashtra: ₹21,000 + 18 % = ₹24,780,
 * each line's share ₹12,390.
 */
let ctx: TestContext;
let buyer: string;
let operator: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  buyer = await tokenFor(ctx, 1901);
  operator = await signedInToken(ctx, OPERATOR_PHONE);
});
afterAll(() => ctx.close());

const get = async (url: string, token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('one ledger on every order surface', () => {
  it('counts only processed refunds, live sites, and the last day, the same everywhere', async () => {
    const [a, b] = await Promise.all([
      insertProduct(ctx.database.db, { name: 'Ledger A' }),
      insertProduct(ctx.database.db, { name: 'Ledger B' }),
    ]);
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
    const [first] = await lineIdsOf(ctx, orderId);
    // The buyer cancels line A 28 days ahead (100 %: ₹12,390); an operator refunds ₹1,000 more, which
    // the provider then refuses (failed: no money left, so it does not count).
    expect((await cancel(ctx, buyer, orderId, { line_ids: [first], confirm: true })).statusCode).toBe(200);
    const extra = await opsRefund(ctx, operator, orderId, { amount: 1000, reason: 'Goodwill' });
    expect(extra.statusCode, extra.body).toBe(200);
    await ctx.database.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(eq(refunds.id, extra.json().refund.id));

    const detail = await get(`/api/orders/${orderId}`, buyer);
    expect(detail).toMatchObject({
      status: 'partially_refunded',
      total: 24_780,
      refunded: 12_390,
      net: 12_390,
      live_lines: 1,
      amount_due: 0,
      reserved_until: null,
    });
    expect(detail.lines[0]).toMatchObject({
      first_day: '2026-12-20',
      last_day: '2026-12-26',
      to_date: '2026-12-27',
    });
    expect(detail.refunds.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ['processed', expect.any(String)],
      ['failed', 'Goodwill'],
    ]);

    const ops = (await get(`/api/ops/orders/${orderId}`, operator)).data;
    expect(ops).toMatchObject({ status: 'partially_refunded', total: 24_780, refunded: 12_390, net: 12_390 });
    expect(ops.refunds).toHaveLength(2);
    expect(ops.invoice).toMatchObject({ url: `/api/orders/${orderId}/invoice.pdf` });
    expect(ops.items.map((i: { status: string }) => i.status)).toEqual(['cancelled', 'scheduled']);

    const mine = (await get('/api/booked_campaigns/', buyer)).data.upcoming_campaigns;
    const group = mine.filter((g: { order_id: number }) => g.order_id === orderId);
    expect(group).toHaveLength(2); // two one-site campaigns (each line named by its site)
    const sum = (k: string) => group.reduce((s: number, g: Record<string, number>) => s + g[k], 0);
    expect(sum('total')).toBe(24_780);
    expect(sum('refunded')).toBe(12_390);
    expect(sum('net')).toBe(12_390);
    expect(group.map((g: { status: string }) => g.status)).toEqual([
      'partially_refunded',
      'partially_refunded',
    ]);
    expect(group.map((g: { live_sites: number }) => g.live_sites)).toEqual([0, 1]);
  });

  it('a fully refunded order reads "refunded", never "paid"', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Ledger C' });
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500);
    expect((await cancel(ctx, buyer, orderId, { confirm: true })).statusCode).toBe(200);
    const detail = await get(`/api/orders/${orderId}`, buyer);
    expect(detail).toMatchObject({ status: 'refunded', refunded: 12_390, net: 0, live_lines: 0 });
    const mine = (await get('/api/booked_campaigns/', buyer)).data.upcoming_campaigns;
    expect(mine.find((g: { order_id: number }) => g.order_id === orderId)).toMatchObject({
      status: 'refunded',
      refunded: 12_390,
      net: 0,
      live_sites: 0,
    });
  });

  it("the credit note lists each line's part of the refund, and which lines it cancelled", async () => {
    const [a, b] = await Promise.all([
      insertProduct(ctx.database.db, { name: 'Ledger D' }),
      insertProduct(ctx.database.db, { name: 'Ledger E' }),
    ]);
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
    const [lineA, lineB] = await lineIdsOf(ctx, orderId);
    const note = async (refundId: number) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/credit-notes/${refundId}.pdf`,
        headers: bearer(buyer),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return (await pdfText(res.rawPayload)).text.replace(/\s+/g, ' ');
    };
    // An operator's refund over both kept lines, a part of each.
    const kept = await opsRefund(ctx, operator, orderId, {
      amount: 1500,
      reason: 'Both boards lit late',
      parts: [
        { line_id: lineA!, amount: 1000 },
        { line_id: lineB!, amount: 500 },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptText = await note(kept.json().refund.id);
    expect(keptText).toContain('Refunded per line');
    expect(keptText).toMatch(/Ledger D, [^:]+: [^:]+: ₹1,000\.00/);
    expect(keptText).toMatch(/Ledger E, [^:]+: [^:]+: ₹500\.00/);
    expect(keptText).not.toContain('(cancelled)');
    expect(keptText).toContain('Total refunded: ₹1,500.00');
    // The buyer cancels line A 28 days ahead: what it has left (₹12,390 - ₹1,000), named as cancelled.
    expect((await cancel(ctx, buyer, orderId, { line_ids: [lineA], confirm: true })).statusCode).toBe(200);
    const detail = await get(`/api/orders/${orderId}`, buyer);
    const cancelRefund = detail.refunds.find((r: { line_ids: number[] }) => r.line_ids.includes(lineA));
    const cancelText = await note(cancelRefund.id);
    expect(cancelText).toMatch(/Ledger D, [^:]+: [^:]+ \(cancelled\): ₹11,390\.00/);
    expect(cancelText).not.toContain('Ledger E');
  });
});
