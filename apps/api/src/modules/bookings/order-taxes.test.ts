import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, line, phoneOf, setBillingDetails, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { orderRow, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

const START = '2026-12-01';
const END = '2026-12-08';
const WEEK = 10_500; // ₹1,500 a day (the fixture's price) for 7 days

/** docs/product-rules.md section 10: the order records its GST from the buyer's billing state; checkout charges the total. */
describe('GST on orders', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function placeFor(token: string) {
    const site = await insertProduct(ctx.database.db);
    const res = await book(ctx, token, [line(site.id, START, END)], WEEK);
    expect(res.statusCode, res.body).toBe(200);
    // /booking/book's amount stays the product spec's total, without GST.
    expect(res.json().amount).toBe(WEEK);
    return res.json().order_id as number;
  }

  it('a buyer billed in COMPANY_STATE pays CGST 9 % + SGST 9 %, and checkout charges the total', async () => {
    const token = await tokenFor(ctx, 501, null);
    await setBillingDetails(ctx, token, 501, 'maharashtra');
    const orderId = await placeFor(token);
    const out = await checkout(ctx, token, orderId);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().amount).toBe(1_239_000);
    expect(await orderRow(ctx.database.db, orderId)).toMatchObject({
      subtotalPaise: 1_050_000,
      cgstPaise: 94_500,
      sgstPaise: 94_500,
      igstPaise: 0,
      amountPaise: 1_239_000,
      placeOfSupply: 'Maharashtra',
      buyerGstin: null,
      billing: expect.objectContaining({ name: 'Asha Buyer 501', city: 'Pune', state: 'Maharashtra' }),
    });
  });

  it('a buyer billed in another state pays IGST 18 %, with a GSTIN of that state', async () => {
    const token = await tokenFor(ctx, 502, null);
    await setBillingDetails(ctx, token, 502, 'Karnataka', { gst: '29AAGCB7383J1Z4' });
    const orderId = await placeFor(token);
    const out = await checkout(ctx, token, orderId, 'cash');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().amount).toBe(1_239_000);
    expect(await orderRow(ctx.database.db, orderId)).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 189_000,
      amountPaise: 1_239_000,
      placeOfSupply: 'Karnataka',
      buyerGstin: '29AAGCB7383J1Z4',
    });
  });

  it('without a billing state, booking works and checkout asks for it (400), writing nothing', async () => {
    const token = await tokenFor(ctx, 503, null);
    const orderId = await placeFor(token);
    const before = await snapshot(ctx.database.db);
    const out = await checkout(ctx, token, orderId);
    expect(out.statusCode).toBe(400);
    expect(out.json().error).toMatchObject({
      code: 'billing_state_required',
      fields: { state: expect.any(String) },
    });
    expect(out.json().error.message).toMatch(/billing state/);
    expect(await snapshot(ctx.database.db)).toEqual(before);
    // Once the buyer adds it, the same order checks out with its taxes recorded.
    await setBillingDetails(ctx, token, 503, 'Goa');
    const again = await checkout(ctx, token, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().amount).toBe(1_239_000);
    expect((await orderRow(ctx.database.db, orderId)).placeOfSupply).toBe('Goa');
  });

  it('refuses a GSTIN of another state than the billing state (400 gstin_mismatch)', async () => {
    const token = await tokenFor(ctx, 504, null);
    await setBillingDetails(ctx, token, 504, 'Kerala');
    // The profile refuses such a pair since issue 45; one saved before then is still caught at checkout.
    await ctx.database.db
      .update(users)
      .set({ gst: '27AAPFU0939F1ZV' })
      .where(eq(users.phoneNumber, phoneOf(504)));
    const orderId = await placeFor(token);
    const out = await checkout(ctx, token, orderId);
    expect(out.statusCode).toBe(400);
    expect(out.json().error.code).toBe('gstin_mismatch');
    expect(out.json().error.message).toMatch(/state code 27.*Kerala is 32/);
  });

  it('a changed billing state before paying changes the taxes; after the provider order they are fixed', async () => {
    const token = await tokenFor(ctx, 505);
    const orderId = await placeFor(token);
    await setBillingDetails(ctx, token, 505, 'Tamil Nadu');
    const out = await checkout(ctx, token, orderId);
    expect((await orderRow(ctx.database.db, orderId)).igstPaise).toBe(189_000);
    await setBillingDetails(ctx, token, 505, 'Maharashtra');
    const again = await checkout(ctx, token, orderId);
    expect(again.json().razor_pay_order_id).toBe(out.json().razor_pay_order_id);
    expect((await orderRow(ctx.database.db, orderId)).placeOfSupply).toBe('Tamil Nadu');
  });
});
