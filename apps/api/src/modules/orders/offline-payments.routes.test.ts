import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, checkout, line, tokenFor, withGst } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { notifications, orders } from '../../db/schema.ts';
import { renderNotification } from '../notifications/notification-texts.ts';

/**
 * Cash and bank-transfer orders (issue 19, docs/product-rules.md section 14): the amount to pay is the total with GST,
 * the buyer is told by SMS and email with the payee's bank details, and cash (not bank transfer) stops at
 * ₹2,00,000 per order or per buyer per IST day (Income Tax Act s.269ST). Ten days from 1 Dec.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FROM = '2026-12-01';
const TO = '2026-12-11';

async function orderAt(token: string, dailyRupees: number) {
  const site = await insertProduct(ctx.database.db, { pricePaise: dailyRupees * 100 });
  const booked = await book(ctx, token, [line(site.id, FROM, TO)], dailyRupees * 10);
  expect(booked.statusCode, booked.body).toBe(200);
  return booked.json().order_id as number;
}

describe('offline payment of an order', () => {
  it('asks for the total with GST and tells the buyer by SMS with the bank details and order number', async () => {
    const token = await tokenFor(ctx, 7301);
    const orderId = await orderAt(token, 7_400); // ₹74,000 + 18 % = ₹87,320
    const res = await checkout(ctx, token, orderId, 'cash');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'cash', amount: withGst(74_000_00) });
    expect(withGst(74_000_00)).toBe(87_320_00);

    const [sms] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, 'cash_order_placed'), eq(notifications.channel, 'sms')));
    const text = renderNotification(sms.template, sms.payload as Record<string, unknown>).text;
    const { bank } = ctx.config.company;
    for (const part of ['₹87,320 incl. GST', `#${orderId}`, bank.account, bank.ifsc, ctx.config.company.name])
      expect(text).toContain(part);

    // The order page reads the same amount to pay, and the hold's end.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(token),
    });
    expect(detail.json()).toMatchObject({ status: 'awaiting_payment', amount_due: 87_320 });
    expect(detail.json().reserved_until).toBe(res.json().expires_at);
    // Choosing cash again sends nothing new.
    expect((await checkout(ctx, token, orderId, 'cash')).statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.template, 'cash_order_placed')),
    ).toHaveLength(1);
  });

  it('refuses cash from ₹2,00,000 including GST with a clear 422; a bank transfer is still allowed', async () => {
    const token = await tokenFor(ctx, 7302);
    const orderId = await orderAt(token, 17_000); // ₹1,70,000 + GST = ₹2,00,600
    const refused = await checkout(ctx, token, orderId, 'cash');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'cash_limit' });
    expect(refused.json().error.message).toMatch(/269ST.*₹2,00,600\.00 including GST.*bank transfer/);
    const [before] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(before.status).toBe('pending_payment'); // refused before anything was written

    const transfer = await checkout(ctx, token, orderId, 'bank_transfer');
    expect(transfer.statusCode, transfer.body).toBe(200);
    const [after] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({ status: 'awaiting_payment', offlineMethod: 'bank_transfer' });
  });

  it("adds up the buyer's unpaid cash orders of the day", async () => {
    const token = await tokenFor(ctx, 7303);
    const first = await orderAt(token, 10_000); // ₹1,18,000 with GST
    expect((await checkout(ctx, token, first, 'cash')).statusCode).toBe(200);
    const second = await orderAt(token, 8_000); // ₹94,400: together ₹2,12,400
    const refused = await checkout(ctx, token, second, 'cash');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/in a day.*₹2,12,400\.00/);
    expect((await checkout(ctx, token, second, 'bank_transfer')).statusCode).toBe(200);
  });

  it('GET /api/company answers the one seller identity, bank details included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ctx.config.company);
    expect(res.json().bank.ifsc).toBe('HDFC0000123');
  });
});
