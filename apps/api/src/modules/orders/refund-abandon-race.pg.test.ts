import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsRefund, paidOrder, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sandboxRefunds } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';

/**
 * Issue 43: an operator could abandon a failed refund while a retry of it was succeeding at the provider,
 * which freed its share of the cap for a second refund: money paid twice. A refund being sent is now
 * `in_flight` (decision 065): abandon answers 409 until the provider answers, and one of the two wins.
 * Real connections and the real sandbox provider; its refund call is held open until the test says go.
 */
describe('abandon vs a succeeding retry, on PostgreSQL', () => {
  let ctx: TestContext;
  let buyer: string;
  let operator: string;
  /** While set, a refund call waits here (after telling `entered`) until released. */
  let hold: { entered: () => void; release: Promise<void> } | null = null;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { OPERATOR_PHONES: OPERATOR_PHONE },
      wrapPayments: (provider: PaymentProvider): PaymentProvider =>
        Object.assign(Object.create(provider) as PaymentProvider, {
          refund: async (input: Parameters<PaymentProvider['refund']>[0]) => {
            if (hold) {
              hold.entered();
              await hold.release;
            }
            return provider.refund(input);
          },
        }),
    });
    buyer = await tokenFor(ctx, 4401);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(operator), ...(payload ? { payload } : {}) });
  const retry = (id: number) => post(`/api/ops/refunds/${id}/retry`);
  const abandon = (id: number) => post(`/api/ops/refunds/${id}/abandon`, { reason: 'Paid by cheque' });

  /** ₹10,500 + 18 % GST = ₹12,390 charged; the sandbox refuses the first refund. */
  async function failedRefundOf(amount: number) {
    const site = await insertProduct(ctx.database.db);
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2027-01-10', '2027-01-17')], 10_500, 1);
    expect((await opsRefund(ctx, operator, orderId, { amount, reason: 'Dark for a week' })).statusCode).toBe(
      502,
    );
    const [row] = await refundRows(ctx, orderId);
    expect(row.status).toBe('failed');
    return { orderId, refundId: row.id, key: row.idempotencyKey };
  }

  it('refuses to abandon while the retry is at the provider; the retry wins and the cap stays spent', async () => {
    const { orderId, refundId, key } = await failedRefundOf(12_390);
    let entered!: () => void;
    const atProvider = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    hold = { entered, release: new Promise<void>((r) => (release = r)) };
    const retried = retry(refundId);
    await atProvider;
    hold = null;
    const [row] = await refundRows(ctx, orderId);
    expect(row.status).toBe('in_flight');
    const refused = await abandon(refundId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'refund_in_flight' } });
    release();
    const done = await retried;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'processed' });
    // The cap was never freed: a second refund of the same money is refused.
    const second = await opsRefund(ctx, operator, orderId, { amount: 1, reason: 'Again' });
    expect(second.statusCode).toBe(409);
    const atSandbox = await ctx.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, key));
    expect(atSandbox).toHaveLength(1);
  });

  it('abandon and retry at once: exactly one wins, and an abandoned refund was never paid', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { orderId, refundId, key } = await failedRefundOf(5_000);
      const [r, a] = await Promise.all([retry(refundId), abandon(refundId)]);
      expect([r.statusCode, a.statusCode].sort()).toEqual([200, 409]);
      const [row] = await refundRows(ctx, orderId);
      const paid = await ctx.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, key));
      if (a.statusCode === 200) {
        expect(row.status).toBe('abandoned');
        expect(paid).toHaveLength(0);
      } else {
        expect(row.status).toBe('processed');
        expect(paid).toHaveLength(1);
      }
    }
  });
});
