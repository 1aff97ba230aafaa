import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsRefund, paidOrder, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * A failed refund sent again now by an operator (POST /api/ops/refunds/{id}/retry), with the sandbox's
 * rehearsed outage (`refund_failures` at Pay: the sandbox refuses that many refunds of the payment first),
 * which the browser journeys use to show a refund failing and then going through.
 */
describe('retrying a failed refund now', () => {
  let ctx: TestContext;
  let buyer: string;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    buyer = await tokenFor(ctx, 2401);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  const retry = (id: number, token = operator) =>
    ctx.app.inject({ method: 'POST', url: `/api/ops/refunds/${id}/retry`, headers: bearer(token) });

  it('the sandbox refuses as told; a retry fails again, then processes with the same key; audited', async () => {
    const site = await insertProduct(ctx.database.db);
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2027-01-10', '2027-01-17')], 10_500, 2);
    const refused = await opsRefund(ctx, operator, orderId, { amount: 1500, reason: 'Dark for a night' });
    expect(refused.statusCode).toBe(502);
    const [row] = await refundRows(ctx, orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, creditNoteNumber: null });
    expect(row.lastError).toContain('rehearsed outage');

    const again = await retry(row.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      id: row.id,
      status: 'failed',
      attempts: 2,
      credit_note_number: null,
    });
    const done = await retry(row.id);
    expect(done.json()).toMatchObject({
      status: 'processed',
      attempts: 2,
      credit_note_number: expect.stringMatching(/^CN\//),
    });
    const [after] = await refundRows(ctx, orderId);
    expect(after.idempotencyKey).toBe(row.idempotencyKey);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(buyer),
    });
    expect(detail.json()).toMatchObject({ refunded: 1500, status: 'partially_refunded' });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'refund.retry'));
    expect(audit.map((a) => [a.entityId, (a.after as { status: string }).status])).toEqual([
      [String(row.id), 'failed'],
      [String(row.id), 'processed'],
    ]);

    // A processed refund is not sent again; an unknown one is 404; a buyer may not.
    expect((await retry(row.id)).statusCode).toBe(409);
    expect((await retry(999_999)).statusCode).toBe(404);
    expect((await retry(row.id, buyer)).statusCode).toBe(403);
  });

  it('refuses refund_failures out of 0-5 at the sandbox Pay', async () => {
    const site = await insertProduct(ctx.database.db);
    await expect(
      paidOrder(ctx, buyer, [line(site.id, '2027-01-10', '2027-01-17')], 10_500, 6),
    ).rejects.toThrow(/pay: 400/);
  });
});
