import { istMonthOf } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { payoutOfLine } from '../../../test/payout-calls.ts';
import { lineIdsOf } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { notifications, orders, refunds } from '../../db/schema.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { retryDueRefunds } from '../../workflows/settle-refund.workflow.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';

/**
 * Issue 43 (decision 065, DESIGN 14 "Money that is not the order's"): a returned duplicate payment read
 * "refunded" on My Orders, the order page and the ops page (a paid, running order read "refunded, ₹0")
 * and took a credit-note number. It is a payment reversal: every surface still reads the order paid and
 * not refunded, statements and payouts are untouched, and no credit note exists for it.
 */
describe('a duplicate payment returned', () => {
  const stub = startStub();
  let ctx: TestContext;
  let make: Factory;
  let buyer: string;
  let operator: string;
  let owner: OwnerRow;
  const quiet = { warn: () => {}, info: () => {} };
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: await stub.listen(),
        OPERATOR_PHONES: OPERATOR_PHONE,
      },
    });
    make = factory(ctx);
    buyer = await tokenFor(ctx, 4501);
    owner = await make.ownerRow();
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const get = async (url: string, token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };

  const file = async (url: string, token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.rawPayload;
  };
  /** Every surface that states the order's or the line's money, as its reader gets it. */
  const surfaces = async (orderId: number, month: string) => ({
    statement: await get(`/api/partner/statements?month=${month}`, owner.admin.token),
    statementCsv: (await file(`/api/partner/statements.csv?month=${month}`, owner.admin.token)).toString(
      'utf8',
    ),
    statementPdf: (await pdfText(await file(`/api/partner/statements.pdf?month=${month}`, owner.admin.token)))
      .text,
    invoicePdf: (await pdfText(await file(`/api/orders/${orderId}/invoice.pdf`, buyer))).text,
    ownerBookings: await get('/api/partner/bookings', owner.admin.token),
    ownerPayouts: await get('/api/partner/payouts', owner.admin.token),
  });

  it('reads paid and not refunded on every surface, moves no statement or payout, and takes no credit note', async () => {
    const site = await make.siteRow(owner);
    const orderId = (await book(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id as number;
    const window = (await checkout(ctx, buyer, orderId)).json();
    const pay = () =>
      confirm(ctx, buyer, {
        order_id: orderId,
        razorpay_order_id: window.razor_pay_order_id,
        amount: window.amount,
        ...paid(KEY_SECRET, window.razor_pay_order_id),
      });
    expect((await pay()).statusCode).toBe(200);
    const [lineId] = await lineIdsOf(ctx, orderId);
    const month = istMonthOf(ctx.clock.now());
    const statementBefore = await get(`/api/partner/statements?month=${month}`, owner.admin.token);
    const before = await surfaces(orderId, month);
    const payoutBefore = await payoutOfLine(ctx, lineId!);

    // The buyer pays the same order a second time (another window): the product returns that payment.
    const second = await pay();
    expect(second.statusCode).toBeLessThan(500);
    expect(await retryDueRefunds(ctx.app.deps, quiet)).toEqual({ processed: 1, failed: 0 });
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'late_payment',
      status: 'processed',
      amountPaise: window.amount,
      creditNoteNumber: null,
    });

    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored.status).toBe('paid');
    const total = window.amount / 100;

    // My Orders.
    const mine = (await get('/api/booked_campaigns/', buyer)).data.upcoming_campaigns;
    expect(mine.filter((c: { order_id: number }) => c.order_id === orderId)).toEqual([
      expect.objectContaining({ status: 'paid', total, refunded: 0, net: total }),
    ]);
    // The order page: no refund, the reversal apart, everything still refundable.
    const detail = await get(`/api/orders/${orderId}`, buyer);
    expect(detail).toMatchObject({ status: 'paid', refunded: 0, net: total, refundable: total, refunds: [] });
    expect(detail.payment_reversals).toEqual([
      expect.objectContaining({ id: rows[0].id, amount: total, status: 'processed' }),
    ]);
    expect(detail.lines[0]).toMatchObject({ paid: total, refunded: 0, left: total });
    expect(detail.invoice).not.toBeNull();
    // The ops page.
    const ops = (await get(`/api/ops/orders/${orderId}`, operator)).data;
    expect(ops).toMatchObject({ status: 'paid', refunded: 0, net: total, refundable: total, refunds: [] });
    expect(ops.payment_reversals).toHaveLength(1);
    // The owner's statement and payout: exactly as before.
    expect(await get(`/api/partner/statements?month=${month}`, owner.admin.token)).toEqual(statementBefore);
    const payoutAfter = await payoutOfLine(ctx, lineId!);
    expect({ ...payoutAfter, updatedAt: null }).toEqual({ ...payoutBefore, updatedAt: null });
    expect(payoutAfter.reversedPaise).toBe(0);
    // Documents: no credit note for it.
    const note = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/credit-notes/${rows[0].id}.pdf`,
      headers: bearer(buyer),
    });
    expect(note.statusCode).toBe(404);
    // The statement (JSON, CSV, PDF), the invoice, the owner's bookings and payouts: unchanged to the byte.
    const after = await surfaces(orderId, month);
    expect(after).toEqual(before);
    expect(JSON.stringify(after.ownerBookings)).not.toContain('"refunded_in_full":true');
    // Notifications: the buyer is told "payment returned"; nobody is told of a refund.
    const told = await ctx.database.db.select().from(notifications);
    const ofReversal = told.filter((n) => (n.payload as { refund_id?: number }).refund_id === rows[0].id);
    expect(ofReversal.map((n) => n.template)).toEqual(expect.arrayContaining(['payment_returned']));
    expect(ofReversal.every((n) => n.template === 'payment_returned')).toBe(true);
    expect(told.filter((n) => n.dedupeKey.startsWith(`refund:${rows[0].id}:`))).toEqual([]);
    // The ops refunds queue lists it as what it is: a payment reversal, no credit note.
    const queue = (await get('/api/ops/refunds', operator)).refunds as Array<Record<string, unknown>>;
    expect(queue.find((r) => r.id === rows[0].id)).toMatchObject({
      kind: 'late_payment',
      credit_note_number: null,
    });
  });
});
