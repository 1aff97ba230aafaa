import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, sandboxPay, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { orderRow, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext, testConfig } from '../../../test/test-app.ts';
import { orderItems, payments, sandboxPayments } from '../../db/schema.ts';

/**
 * Issue 10 / docs/product-rules.md section 10: money columns are bigint, so a big order is capped by a business rule
 * (MAX_ORDER_RUPEES, default 50 crore), not by the 32-bit column that used to refuse anything over
 * ₹2.147 crore. The clock stands at 2026-11-22 12:00 IST.
 */
const START = '2026-12-01';
const END_360 = '2027-11-26';

describe('orders beyond ₹2.15 crore', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a 360-day booking of 3 premium sites places, checks out and pays, every paisa stored', async () => {
    const db = ctx.database.db;
    // ₹65,000-75,000 a day: each line alone (₹2.34-2.7 crore) is past what a 32-bit paise column holds.
    const sites = await Promise.all(
      [65_000, 70_000, 75_000].map((rupees, i) =>
        insertProduct(db, { name: `Premium Gantry ${i + 1}`, pricePaise: rupees * 100 }),
      ),
    );
    const total = (65_000 + 70_000 + 75_000) * 360; // ₹7,56,00,000
    const buyer = await tokenFor(ctx, 701);

    const booked = await book(
      ctx,
      buyer,
      sites.map((s) => line(s.id, START, END_360)),
      total,
    );
    const out = await checkout(ctx, buyer, booked.json().order_id);
    // The sandbox window's Pay, then the confirm its handler sends, as the browser does.
    const pay = await sandboxPay(ctx, out.json());
    const confirmed = await confirm(ctx, buyer, {
      order_id: booked.json().order_id,
      razorpay_order_id: out.json().razor_pay_order_id,
      amount: out.json().amount,
      payment_id: pay.json().razorpay_payment_id,
      signature: pay.json().razorpay_signature,
    });

    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().amount).toBe(total);
    expect(booked.json().items.map((i: { price: number }) => i.price)).toEqual([
      65_000 * 360,
      70_000 * 360,
      75_000 * 360,
    ]);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().amount).toBe(8_920_800_000); // + CGST 9 % + SGST 9 %
    expect(pay.statusCode, pay.body).toBe(200);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const orderId = booked.json().order_id;
    const order = await orderRow(db, orderId);
    expect(order).toMatchObject({
      status: 'paid',
      subtotalPaise: 7_560_000_000,
      cgstPaise: 680_400_000,
      sgstPaise: 680_400_000,
      amountPaise: 8_920_800_000,
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => l.pricePaise).sort()).toEqual([2_340_000_000, 2_520_000_000, 2_700_000_000]);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.amountPaise).toBe(8_920_800_000);
    const [captured] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, out.json().razor_pay_order_id));
    expect(captured.amountPaise).toBe(8_920_800_000);
  });

  it('refuses an order over MAX_ORDER_RUPEES (default 50 crore) with 400 order_too_large, writing nothing', async () => {
    const db = ctx.database.db;
    const sites = await Promise.all(
      [0, 1, 2].map((i) => insertProduct(db, { name: `Landmark Tower ${i + 1}`, pricePaise: 500_000 * 100 })),
    );
    const buyer = await tokenFor(ctx, 702);
    const before = await snapshot(db);

    const res = await book(
      ctx,
      buyer,
      sites.map((s) => line(s.id, START, END_360)),
      3 * 500_000 * 360, // ₹54 crore
    );

    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('order_too_large');
    expect(error.message).toContain('₹54,00,00,000');
    expect(error.message).toContain('₹50,00,00,000');
    expect(error.fields).toEqual({ amount: 'The total may be at most ₹50,00,00,000.00.' });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('MAX_ORDER_RUPEES', () => {
  it('defaults to 50 crore and takes whole rupees', () => {
    expect(testConfig().maxOrderPaise).toBe(500_000_000 * 100); // 50 crore rupees
    expect(testConfig({ MAX_ORDER_RUPEES: '1000000' }).maxOrderPaise).toBe(100_000_000);
  });

  it('stops the start naming the setting when it is not a positive whole number', () => {
    expect(() => testConfig({ MAX_ORDER_RUPEES: 'lots' })).toThrow(/^Setting MAX_ORDER_RUPEES is invalid/);
    expect(() => testConfig({ MAX_ORDER_RUPEES: '0' })).toThrow(/^Setting MAX_ORDER_RUPEES is invalid/);
  });
});
