import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { lineIdsOf, paidOrder, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * An operator's order refund picks its lines (decision 065): every line by default, shared by what each
 * has left; the lines named; or each line's part. No line gives more than it has left, and a refused
 * request changes nothing.
 */
describe('POST /api/ops/orders/{id}/refunds by line', () => {
  let ctx: TestContext;
  let make: Factory;
  let buyer: string;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    make = factory(ctx);
    buyer = await tokenFor(ctx, 4601);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  const refund = (orderId: number, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${orderId}/refunds`,
      headers: bearer(operator),
      payload: body,
    });

  /** Two lines of ₹10,500 + 18 % GST: ₹12,390 each, ₹24,780 charged. */
  async function twoLines() {
    const [a, b] = await Promise.all([insertProduct(ctx.database.db), insertProduct(ctx.database.db)]);
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
    const [first, second] = await lineIdsOf(ctx, orderId);
    return { orderId, first: first!, second: second! };
  }

  it('shares the old shape (no lines) over every line by what each has left', async () => {
    const { orderId, first, second } = await twoLines();
    const res = await refund(orderId, { amount: 1000, reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund.parts).toEqual([
      { line_id: first, amount: 500 },
      { line_id: second, amount: 500 },
    ]);
    expect(res.json().refundable).toBe(23_780);
  });

  it('takes the lines named, and each line’s part, never more than a line has left', async () => {
    const { orderId, first, second } = await twoLines();
    const overLine = await refund(orderId, { amount: 12_390.01, reason: 'Too much', line_ids: [first] });
    expect(overLine.statusCode).toBe(409);
    expect(overLine.json()).toMatchObject({ error: { code: 'refund_exceeds_lines' } });
    const overPart = await refund(orderId, {
      amount: 12_400,
      reason: 'Too much',
      parts: [{ line_id: first, amount: 12_400 }],
    });
    expect(overPart.statusCode).toBe(409);
    expect(overPart.json()).toMatchObject({ error: { code: 'refund_exceeds_line' } });
    const mismatch = await refund(orderId, {
      amount: 100,
      reason: 'Sums',
      parts: [{ line_id: first, amount: 60 }],
    });
    expect(mismatch.statusCode).toBe(400);
    const stranger = await refund(orderId, { amount: 1, reason: 'Elsewhere', line_ids: [999_999] });
    expect(stranger.statusCode).toBe(404);
    expect(await refundRows(ctx, orderId)).toHaveLength(0);

    const named = await refund(orderId, { amount: 12_390, reason: 'First dark', line_ids: [first] });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().refund.parts).toEqual([{ line_id: first, amount: 12_390 }]);
    const parts = await refund(orderId, {
      amount: 300,
      reason: 'Second dim',
      parts: [{ line_id: second, amount: 300 }],
    });
    expect(parts.statusCode, parts.body).toBe(200);
    expect(parts.json()).toMatchObject({
      refund: { parts: [{ line_id: second, amount: 300 }] },
      refundable: 12_090,
    });
    // The first line is spent: the default (every line) now takes only from the second.
    const rest = await refund(orderId, { amount: 90, reason: 'Rest' });
    expect(rest.json().refund.parts).toEqual([{ line_id: second, amount: 90 }]);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/ops/orders/${orderId}`, headers: bearer(operator) })
    ).json().data;
    expect(detail.items.map((l: { left: number }) => l.left)).toEqual([0, 12_000]);
    expect(detail.refundable).toBe(12_000);
  });

  it('a kept line refunded in full reads "refunded, do not mount" in its owner’s bookings', async () => {
    const owner = await make.ownerRow();
    const [a, b] = await Promise.all([make.siteRow(owner), make.siteRow(owner)]);
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
    const [first, second] = await lineIdsOf(ctx, orderId);
    const bookings = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/partner/bookings',
          headers: bearer(owner.admin.token),
        })
      ).json().results as { line_id: number; refunded_in_full: boolean; status: string }[];
    expect((await bookings()).every((r) => !r.refunded_in_full)).toBe(true);
    const res = await refund(orderId, { amount: 12_390, reason: 'Dark all week', line_ids: [first] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await bookings();
    expect(after.find((r) => r.line_id === first)).toMatchObject({ refunded_in_full: true });
    expect(after.find((r) => r.line_id === second)).toMatchObject({ refunded_in_full: false });
  });
});
