import { istMonthOf } from '@ooh/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { payoutOfLine } from '../../../test/payout-calls.ts';
import { lineIdsOf, paidOrder, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, mediaOwners, notifications, orderItems } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Issue 43 (decision 065, DESIGN 14 "Refunds belong to lines"): an operator cancelled owner A's line
 * (₹37,170) with a refund of ₹99,999; the cap was the whole order, so owner B's still-booked line lost
 * payout and B's statement showed refunds on a booking nobody cancelled. Now a line's refund is capped by
 * what that line has left and never touches another line: B's payout, statement and messages stay the same
 * to the paisa.
 */
describe('a refund on one owner’s line, on PostgreSQL', () => {
  let ctx: TestContext;
  let make: Factory;
  let buyer: string;
  let operator: string;
  let ownerA: OwnerRow;
  let ownerB: OwnerRow;
  const B_PHONE = '9811100043';
  const B_EMAIL = 'owner-b-43@example.com';
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
    make = factory(ctx);
    buyer = await tokenFor(ctx, 4301);
    ownerA = await make.ownerRow();
    ownerB = await make.ownerRow();
    // Owner B's own contact, so its messages are told apart from A's.
    await ctx.database.db
      .update(mediaOwners)
      .set({ contactPhone: B_PHONE, contactEmail: B_EMAIL })
      .where(eq(mediaOwners.id, ownerB.id));
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(() => ctx.close());

  const cancelLine = (orderId: number, lineId: number, refund: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${orderId}/lines/${lineId}/cancel`,
      headers: bearer(operator),
      payload: { reason: 'The wall was repainted', refund },
    });

  const statementOfB = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/statements?month=${istMonthOf(ctx.clock.now())}`,
      headers: bearer(ownerB.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const messagesOfB = () =>
    ctx.database.db
      .select({
        key: notifications.dedupeKey,
        template: notifications.template,
        payload: notifications.payload,
      })
      .from(notifications)
      .where(inArray(notifications.recipient, [B_PHONE, B_EMAIL]))
      .orderBy(notifications.id);
  const orderPage = async (orderId: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(buyer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('refuses more than the line has left (409, nothing changes), takes exactly that, and leaves owner B untouched', async () => {
    // ₹5,310 a day x 7 = ₹37,170 (A); ₹7,494.51 x 7 = ₹52,461.57 (B); GST on top.
    const a = await make.siteRow(ownerA, { pricePaise: 531_000 });
    const b = await make.siteRow(ownerB, { pricePaise: 749_451 });
    const orderId = await paidOrder(
      ctx,
      buyer,
      [line(a.id, '2026-12-20', '2026-12-27'), line(b.id, '2026-12-20', '2026-12-27')],
      37_170 + 52_461.57,
    );
    const [lineA, lineB] = await lineIdsOf(ctx, orderId);
    const before = await orderPage(orderId);
    const leftA = before.lines.find((l: { id: number }) => l.id === lineA).left;
    const leftB = before.lines.find((l: { id: number }) => l.id === lineB).left;
    // Each line's left is its share of what was charged (GST included), and they add up to the order.
    expect(Math.round((leftA + leftB) * 100)).toBe(Math.round(before.total * 100));
    expect(before.refundable).toBe(before.total);
    const payoutB = await payoutOfLine(ctx, lineB!);
    const statementB = await statementOfB();
    // B's statement has its line this month (so "unchanged" compares a real figure).
    expect(statementB.lines.map((l: { line_id: number }) => l.line_id)).toEqual([lineB]);
    expect(statementB.totals.payout).toBeGreaterThan(0);
    const messagesB = await messagesOfB();
    const audits = (await ctx.database.db.select().from(auditLog)).length;

    // ₹99,999 and one paisa more than A has left (both within the order's total): refused, nothing changed.
    for (const refund of [99_999, Math.round(leftA * 100 + 1) / 100]) {
      const refused = await cancelLine(orderId, lineA!, refund);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'refund_exceeds_line' } });
    }
    expect(await refundRows(ctx, orderId)).toHaveLength(0);
    const [stillA] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, lineA!));
    expect(stillA.status).toBe('scheduled');
    expect((await ctx.database.db.select().from(auditLog)).length).toBe(audits);

    // Exactly what A has left: accepted, its one part on A.
    const accepted = await cancelLine(orderId, lineA!, leftA);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'cancelled',
      refund: { amount: leftA, status: 'processed', parts: [{ line_id: lineA, amount: leftA }] },
      refundable: leftB,
    });
    const [row] = await refundRows(ctx, orderId);
    expect(row.lineParts).toEqual([{ lineId: lineA, paise: Math.round(leftA * 100) }]);

    // Owner A's payout is reversed in full; owner B's is exactly as it was.
    expect((await payoutOfLine(ctx, lineA!)).state).toBe('reversed');
    const payoutBAfter = await payoutOfLine(ctx, lineB!);
    expect({ ...payoutBAfter, updatedAt: null }).toEqual({ ...payoutB, updatedAt: null });
    expect(await statementOfB()).toEqual(statementB);
    expect(await messagesOfB()).toEqual(messagesB);

    // The order page reads B's line untouched and A's refunded in full; nothing more can come off A.
    const after = await orderPage(orderId);
    expect(after.lines.find((l: { id: number }) => l.id === lineB)).toMatchObject({
      refunded: 0,
      left: leftB,
    });
    expect(after.lines.find((l: { id: number }) => l.id === lineA)).toMatchObject({
      refunded: leftA,
      left: 0,
    });
    expect(after.refunded).toBe(leftA);
    expect(after.refundable).toBe(leftB);
  });
});
