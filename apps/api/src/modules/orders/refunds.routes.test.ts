import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  bookingStatuses,
  cancel,
  lineIdsOf,
  opsRefund,
  paidOrder,
  refundRows,
  sandboxRefundRows,
} from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, notifications, orderItems, orderLineEvents } from '../../db/schema.ts';
import { verifyPdfSignature } from '../../lib/pdf/pdf-signature.test-helpers.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Cancellation and refunds (docs/product-rules.md section 10): tiers, permissions, the sum never above what was paid,
 * replays, freed dates, credit notes. Each line: 7 days at ₹1,500 = ₹10,500. The buyers are billed in
 * Maharashtra (the company's state), so a three-line order of ₹31,500 is charged ₹31,500 + CGST 9 %
 * ₹2,835 + SGST 9 % ₹2,835 = ₹37,170, and each line's share of the charge is ₹12,390 (its price plus
 * its GST). Refunds are GST-inclusive: 100 % of a line is ₹12,390, 50 % is ₹6,195.
 */
let ctx: TestContext;
let alice: string;
let bob: string;
let operator: string;

const at = (iso: string) => new Date(`${iso}T06:30:00Z`);

/** Moves the clock and signs everyone in again (a token lives for hours, the tests move days). */
async function setDay(iso: string) {
  ctx.clock.set(at(iso));
  alice = await tokenFor(ctx, 1201);
  bob = await tokenFor(ctx, 1202);
  operator = await signedInToken(ctx, OPERATOR_PHONE);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  await setDay('2026-11-22');
});
afterAll(() => ctx.close());

async function threeLineOrder() {
  await setDay('2026-11-22');
  const token = alice;
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertProduct(ctx.database.db)));
  const orderId = await paidOrder(
    ctx,
    token,
    [
      line(a.id, '2026-12-20', '2026-12-27'),
      line(b.id, '2026-12-02', '2026-12-09'),
      line(c.id, '2026-11-30', '2026-12-07'),
    ],
    31_500,
  );
  return { orderId, sites: [a, b, c], lines: await lineIdsOf(ctx, orderId) };
}

describe('POST /api/orders/{id}/cancel', () => {
  it('quotes each tier first, then cancels, refunds through the sandbox and frees the dates at once', async () => {
    const { orderId, sites, lines } = await threeLineOrder();
    await setDay('2026-11-25'); // 25, 7 and 5 days before the starts
    const quote = await cancel(ctx, alice, orderId, {});
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      confirmed: false,
      total: 18_585, // 12,390 + 6,195 + 0
      refund: null,
      lines: [
        { line_id: lines[0], percent: 100, refund: 12_390, days_before_start: 25 },
        { line_id: lines[1], percent: 50, refund: 6_195, label: '50 %: 7 days before the start' },
        { line_id: lines[2], percent: 0, refund: 0 },
      ],
    });
    expect(await refundRows(ctx, orderId)).toHaveLength(0);

    const done = await cancel(ctx, alice, orderId, { confirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      confirmed: true,
      total: 18_585,
      refund: {
        amount: 18_585,
        status: 'processed',
        kind: 'buyer_cancellation',
        credit_note_number: expect.stringMatching(/^CN\/26-27\/\d{6}$/),
        credit_note_url: expect.stringMatching(
          new RegExp(`^/api/orders/${orderId}/credit-notes/\\d+\\.pdf$`),
        ),
      },
    });
    const [row] = await refundRows(ctx, orderId);
    expect(row).toMatchObject({ amountPaise: 1_858_500, status: 'processed', lineIds: lines });
    expect(
      (await sandboxRefundRows(ctx)).filter((r) => r.idempotencyKey === row.idempotencyKey),
    ).toHaveLength(1);
    expect(await bookingStatuses(ctx, orderId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const statuses = await ctx.database.db
      .select({ s: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(statuses.map((s) => s.s)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const events = await ctx.database.db
      .select()
      .from(orderLineEvents)
      .where(eq(orderLineEvents.orderItemId, lines[1]));
    expect(events.at(-1)).toMatchObject({ toStatus: 'cancelled', actorRole: 'buyer' });
    const queued = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `refund:${row.id}:issued:buyer:sms`));
    expect(queued).toHaveLength(1);

    // Another buyer books the freed dates right after.
    const rebooked = await book(ctx, bob, [line(sites[0].id, '2026-12-20', '2026-12-27')], 10_500);
    expect(rebooked.statusCode).toBe(200);

    const again = await cancel(ctx, alice, orderId, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Nothing in this order can be cancelled/);
  });

  it('cancels one line at 100 %, and a 0 % line with no refund row', async () => {
    const { orderId, lines } = await threeLineOrder();
    await setDay('2026-11-25');
    const one = await cancel(ctx, alice, orderId, { line_ids: [lines[0]], confirm: true });
    expect(one.json()).toMatchObject({ total: 12_390, refund: { amount: 12_390, line_ids: [lines[0]] } });
    const zero = await cancel(ctx, alice, orderId, { line_ids: [lines[2]], confirm: true });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ total: 0, refund: null, lines: [{ percent: 0 }] });
    expect(await refundRows(ctx, orderId)).toHaveLength(1);
    expect(await bookingStatuses(ctx, orderId)).toContain('confirmed');
  });

  it('refuses started lines, other buyers, unpaid orders and strangers', async () => {
    const { orderId, lines } = await threeLineOrder();
    await setDay('2026-12-01');
    const started = await cancel(ctx, alice, orderId, { line_ids: [lines[2]] });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.message).toMatch(/has started/);
    expect((await cancel(ctx, bob, orderId, {})).statusCode).toBe(404);
    expect((await cancel(ctx, bob, orderId, { confirm: true })).statusCode).toBe(404);
    expect((await cancel(ctx, null, orderId, {})).statusCode).toBe(401);
    expect((await cancel(ctx, alice, orderId, { line_ids: [999_999] })).statusCode).toBe(404);
    const site = await insertProduct(ctx.database.db);
    const unpaid = await book(ctx, alice, [line(site.id, '2026-12-20', '2026-12-27')], 10_500);
    const res = await cancel(ctx, alice, unpaid.json().order_id, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Only a paid order/);
  });

  it('answers a replay with the same Idempotency-Key with the first cancel', async () => {
    const { orderId } = await threeLineOrder();
    await setDay('2026-11-24');
    const first = await cancel(ctx, alice, orderId, { confirm: true }, 'cancel-key-0001');
    const second = await cancel(ctx, alice, orderId, { confirm: true }, 'cancel-key-0001');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await refundRows(ctx, orderId)).toHaveLength(1);
  });
});

describe('POST /api/ops/orders/{id}/refunds', () => {
  it('refunds up to what is left, with an audit entry, replays by key and refuses more (409)', async () => {
    const { orderId } = await threeLineOrder();
    const res = await opsRefund(
      ctx,
      operator,
      orderId,
      { amount: 1000.5, reason: 'Goodwill' },
      'ops-refund-0001',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refund: { amount: 1000.5, kind: 'operator', status: 'processed', line_ids: [] },
      refundable: 36_169.5, // ₹37,170 charged less ₹1,000.50
    });
    const replay = await opsRefund(
      ctx,
      operator,
      orderId,
      { amount: 1000.5, reason: 'Goodwill' },
      'ops-refund-0001',
    );
    expect(replay.json().refund.id).toBe(res.json().refund.id);
    const reused = await opsRefund(ctx, operator, orderId, { amount: 2, reason: 'Other' }, 'ops-refund-0001');
    expect(reused.statusCode).toBe(409);
    expect(await refundRows(ctx, orderId)).toHaveLength(1);

    const over = await opsRefund(ctx, operator, orderId, { amount: 36_169.51, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/Only ₹36169\.50 is left/);
    const rest = await opsRefund(ctx, operator, orderId, { amount: 36_169.5, reason: 'The rest' });
    expect(rest.json().refundable).toBe(0);
    const none = await opsRefund(ctx, operator, orderId, { amount: 1, reason: 'More' });
    expect(none.json().error.message).toMatch(/refunded in full/);

    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
    expect(audit.filter((a) => a.entityId === String(orderId))).toHaveLength(2);
    // Lines untouched; a later cancel refunds nothing more than is left (nothing).
    await setDay('2026-11-24');
    const after = await cancel(ctx, alice, orderId, { confirm: true });
    expect(after.json()).toMatchObject({ total: 0, refund: null });
  });

  it('is for operators only and checks its body', async () => {
    const { orderId } = await threeLineOrder();
    expect((await opsRefund(ctx, alice, orderId, { amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await opsRefund(ctx, null, orderId, { amount: 1, reason: 'x' })).statusCode).toBe(401);
    expect((await opsRefund(ctx, operator, orderId, { amount: 1, reason: ' ' })).statusCode).toBe(400);
    expect((await opsRefund(ctx, operator, orderId, { amount: 0.001, reason: 'x' })).statusCode).toBe(400);
    expect((await opsRefund(ctx, operator, 999_999, { amount: 1, reason: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/orders/{id}/credit-notes/{refundId}.pdf', () => {
  it('serves the credit note to the buyer and operators, 404 to others', async () => {
    const { orderId } = await threeLineOrder();
    await setDay('2026-11-24');
    const done = (await cancel(ctx, alice, orderId, { confirm: true })).json();
    const url = done.refund.credit_note_url as string;
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(done.refund.credit_note_number);
    // ₹18,585 refunded: taxable round(1,858,500 x 3,150,000 / 3,717,000) = 1,575,000 paise, the rest
    // (₹2,835) is the GST reversed, CGST and SGST ₹1,417.50 each.
    expect(text).toContain('Taxable value: ₹15,750.00');
    expect(text).toContain('CGST 9 %: ₹1,417.50');
    expect(text).toContain('SGST 9 %: ₹1,417.50');
    expect(text).toContain('Total refunded: ₹18,585.00');
    expect(text).toContain(`order #${orderId}`);
    // GST rules (issue 19): the seller's name, address and GSTIN, the buyer's, the original invoice's
    // number and date, the reason; the cancelled lines with their last day.
    const { company } = ctx.config;
    for (const part of [company.name, company.address, `GSTIN: ${company.gstin}`, 'GSTIN: Unregistered'])
      expect(text).toContain(part);
    expect(text).toMatch(/Against tax invoice INV\/26-27\/\d{6} of \d{1,2} Nov 2026 \(order #/);
    expect(text).toContain('Reason');
    // CGST Rules 53(1A) with 46: the states with their codes, and reverse charge.
    expect(text).toMatch(/State: [A-Za-z ]+ \(code \d{2}\)/);
    expect(text).toContain('Reverse charge: No');
    expect(verifyPdfSignature(res.rawPayload).signer).toContain(company.name);
    expect(text).toMatch(/20 Dec 2026 - 26 Dec 2026 \(7 days\)/);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(operator) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(bob) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = `/api/orders/${orderId}/credit-notes/999999.pdf`;
    expect((await ctx.app.inject({ method: 'GET', url: missing, headers: bearer(alice) })).statusCode).toBe(
      404,
    );
  });
});
