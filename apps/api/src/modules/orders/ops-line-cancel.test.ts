import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { lineIdsOf, paidOrder, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, bookings, notifications, orderItems, orders } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Issue 19: an operator had no way to cancel a line, and a cancelled line kept blocking its dates and
 * stayed "Upcoming" for the owner, who was never told. POST /api/ops/orders/{id}/lines/{lineId}/cancel.
 */
describe('an operator cancels a line', () => {
  let ctx: TestContext;
  let make: Factory;
  let buyer: string;
  let operator: string;
  let owner: OwnerRow;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    make = factory(ctx);
    buyer = await tokenFor(ctx, 81);
    owner = await make.ownerRow();
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  const cancelLine = (orderId: number, lineId: number, body: unknown, token = operator) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${orderId}/lines/${lineId}/cancel`,
      headers: bearer(token),
      payload: body as object,
    });

  it('cancels it with a reason and a refund: dates free at once, owner and buyer told, owner sees it cancelled', async () => {
    const a = await make.siteRow(owner);
    const b = await make.siteRow(owner);
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      21_000,
    );
    const [first, second] = await lineIdsOf(ctx, orderId);
    const res = await cancelLine(orderId, first, { reason: 'The wall was repainted', refund: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: orderId,
      line_id: first,
      status: 'cancelled',
      refund: { amount: 1000, status: 'processed', kind: 'operator', line_ids: [first] },
    });
    const [l] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, first));
    expect(l.status).toBe('cancelled');
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.orderItemId, first));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    // The dates are bookable at once by someone else.
    const rival = await tokenFor(ctx, 83);
    expect((await book(ctx, rival, [line(a.id, '2026-12-20', '2026-12-27')], 10_500)).statusCode).toBe(200);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.line_cancel'));
    expect(audit).toHaveLength(1);
    const queued = await ctx.database.db.select().from(notifications);
    const templates = queued.map((n) => `${n.template}:${n.channel}`);
    expect(templates).toEqual(
      expect.arrayContaining([
        'booking_cancelled_owner:sms',
        'booking_cancelled_owner:email',
        'refund_issued_owner:sms',
        'refund_issued_owner:email',
        'booking_cancelled_buyer:sms',
      ]),
    );

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/bookings',
      headers: bearer(owner.admin.token),
    });
    const byLine = Object.fromEntries(
      listed.json().results.map((r: { line_id: number; status: string }) => [r.line_id, r.status]),
    );
    expect(byLine[first]).toBe('cancelled');
    expect(byLine[second]).toBe('upcoming');
    const upcoming = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/bookings?status=upcoming',
      headers: bearer(owner.admin.token),
    });
    expect(upcoming.json().results.map((r: { line_id: number }) => r.line_id)).not.toContain(first);

    // The second line with no refund: 0 writes no refund; every line cancelled makes the order cancelled.
    const zero = await cancelLine(orderId, second, { reason: 'Buyer asked by phone', refund: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().refund).toBeNull();
    expect(await refundRows(ctx, orderId)).toHaveLength(1);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe('cancelled');
    // A cancelled line cannot be cancelled again (the line state machine).
    expect((await cancelLine(orderId, second, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('refuses a refund above what is left, below a paisa, and callers who are not operators', async () => {
    const a = await make.siteRow(owner);
    const orderId = await paidOrder(ctx, buyer, [line(a.id, '2026-12-20', '2026-12-27')], 10_500);
    const [lineId] = await lineIdsOf(ctx, orderId);
    expect((await cancelLine(orderId, lineId, { reason: 'Too much', refund: 12_390.01 })).statusCode).toBe(
      409,
    );
    expect((await cancelLine(orderId, lineId, { reason: 'Dust', refund: 5e-324 })).statusCode).toBe(400);
    expect((await cancelLine(orderId, lineId, { reason: '' })).statusCode).toBe(400);
    expect((await cancelLine(orderId, lineId, { reason: 'Mine' }, buyer)).statusCode).toBe(403);
    const [l] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, lineId));
    expect(l.status).toBe('scheduled');
  });

  it('refuses a line whose proof is posted (decision 048): it is running; nothing changes, an amount can still be refunded', async () => {
    const a = await make.siteRow(owner);
    const orderId = await paidOrder(ctx, buyer, [line(a.id, '2026-12-20', '2026-12-27')], 10_500);
    const [lineId] = await lineIdsOf(ctx, orderId);
    // The owner's proof is up (the proof flow has tests of its own): the line reads posted.
    await ctx.database.db.update(orderItems).set({ status: 'posted' }).where(eq(orderItems.id, lineId));
    const before = await ctx.database.db.select().from(notifications);
    const res = await cancelLine(orderId, lineId, { reason: 'Buyer changed plans', refund: 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/proof of posting.*Refund an amount instead/);
    const [l] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, lineId));
    expect(l.status).toBe('posted');
    const held = await ctx.database.db.select().from(bookings).where(eq(bookings.orderItemId, lineId));
    expect(held.map((r) => r.status)).toEqual(['confirmed']);
    expect(await refundRows(ctx, orderId)).toHaveLength(0);
    expect(await ctx.database.db.select().from(notifications)).toHaveLength(before.length);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${orderId}/refunds`,
      headers: bearer(operator),
      payload: { amount: 500, reason: 'Board dim for two nights' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
  });
});
