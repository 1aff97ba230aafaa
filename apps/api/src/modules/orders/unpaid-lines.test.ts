import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { paidOrder } from '../../../test/refund-calls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/** Issue 19: the order page said "Booked" for lines of an order nobody had paid. Lines are held until paid. */
describe('lines before and after payment', () => {
  let ctx: TestContext;
  let buyer: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    buyer = await tokenFor(ctx, 73);
  });
  afterAll(() => ctx.close());

  const detail = (orderId: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(buyer) });

  it('an unpaid order reports its lines held, never scheduled (Booked); payment schedules them', async () => {
    const site = await insertProduct(ctx.database.db);
    const unpaid = (await book(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id as number;
    const before = await detail(unpaid);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().lines.map((l: { status: string }) => l.status)).toEqual(['held']);

    const other = await insertProduct(ctx.database.db);
    const orderId = await paidOrder(ctx, buyer, [line(other.id, '2026-12-20', '2026-12-27')], 10_500);
    const after = await detail(orderId);
    expect(after.json().lines.map((l: { status: string }) => l.status)).toEqual(['scheduled']);
  });
});
