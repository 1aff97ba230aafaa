import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { cancel, opsRefund, paidOrder, refundRows, sandboxRefundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Refunds of one order serialise on its row lock (docs/decisions/030): concurrent cancels and operator
 * refunds never add up to more than was paid. Needs real connections: PostgreSQL only.
 */
describe('refund races on PostgreSQL', () => {
  let ctx: TestContext;
  let alice: string;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    alice = await tokenFor(ctx, 1301);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  /** Two ₹10,500 lines billed in Maharashtra: ₹21,000 + 18 % GST = ₹24,780 (2,478,000 paise) charged. */
  async function order() {
    const [a, b] = await Promise.all([insertProduct(ctx.database.db), insertProduct(ctx.database.db)]);
    return paidOrder(
      ctx,
      alice,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
  }

  it('two cancels at once: one refunds, the other answers 409, the total is what was paid', async () => {
    for (let round = 0; round < 3; round += 1) {
      const orderId = await order();
      const results = await Promise.all([
        cancel(ctx, alice, orderId, { confirm: true }),
        cancel(ctx, alice, orderId, { confirm: true }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await refundRows(ctx, orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0].amountPaise).toBe(2_478_000);
    }
  });

  it('two operator refunds of more than half at once: one goes through, the sum stays within what was paid', async () => {
    for (let round = 0; round < 3; round += 1) {
      const orderId = await order();
      const results = await Promise.all([
        opsRefund(ctx, operator, orderId, { amount: 15_000, reason: 'One' }),
        opsRefund(ctx, operator, orderId, { amount: 15_000, reason: 'Two' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      // A cancel racing a third refund: whichever wins, the rest is capped by what is left.
      const mixed = await Promise.all([
        opsRefund(ctx, operator, orderId, { amount: 6_000, reason: 'Three' }),
        cancel(ctx, alice, orderId, { confirm: true }),
      ]);
      expect(mixed.map((r) => r.statusCode)).toContain(200);
      const rows = await refundRows(ctx, orderId);
      const total = rows.reduce((s, r) => s + r.amountPaise, 0);
      expect(total).toBeLessThanOrEqual(2_478_000);
      const keys = new Set(rows.map((r) => r.idempotencyKey));
      const atProvider = (await sandboxRefundRows(ctx)).filter((r) => keys.has(r.idempotencyKey));
      expect(atProvider.reduce((s, r) => s + r.amountPaise, 0)).toBe(total);
    }
  });

  it('the same Idempotency-Key twice at once writes one refund', async () => {
    const orderId = await order();
    const results = await Promise.all([
      opsRefund(ctx, operator, orderId, { amount: 100, reason: 'Same' }, 'race-key-000001'),
      opsRefund(ctx, operator, orderId, { amount: 100, reason: 'Same' }, 'race-key-000001'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0].json().refund.id).toBe(results[1].json().refund.id);
    expect(await refundRows(ctx, orderId)).toHaveLength(1);
  });
});
