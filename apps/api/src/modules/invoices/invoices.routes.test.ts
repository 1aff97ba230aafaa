import { bookingPickerRules, describeRange, toDateAfter } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  book,
  bookAndPay,
  checkout,
  line,
  phoneOf,
  post,
  setBillingDetails,
  tokenFor,
} from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { orderRow } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, documentCounters, invoices, payments } from '../../db/schema.ts';
import { verifyPdfSignature } from '../../lib/pdf/pdf-signature.test-helpers.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { allocateDocumentNumber } from './invoice-series.repository.ts';

const START = '2026-12-01';
const END = '2026-12-08';
const WEEK = 10_500;
const OPERATOR = 900;

let ctx: TestContext;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: phoneOf(OPERATOR) } });
  operator = await tokenFor(ctx, OPERATOR);
});
afterAll(() => ctx.close());

const getInvoice = (orderId: number, token: string | null) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/invoice.pdf`,
    headers: token ? bearer(token) : {},
  });

async function paidOrder(token: string, name = 'Metro Gantry') {
  const site = await insertProduct(ctx.database.db, {
    name,
    productCode: `GST-${name.length}-${Math.random()}`.slice(0, 20),
  });
  const { booked, confirmed } = await bookAndPay(ctx, token, [line(site.id, START, END)], WEEK);
  expect(confirmed?.statusCode, confirmed?.body).toBe(200);
  return booked.json().order_id as number;
}

describe('tax invoice', () => {
  it('is issued in the payment transaction, numbered INV/26-27/000001, and its PDF says what GST rule 46 asks', async () => {
    const buyer = await tokenFor(ctx, 601, null);
    await setBillingDetails(ctx, buyer, 601, 'Maharashtra', { gst: '27AAPFU0939F1ZV' });
    const orderId = await paidOrder(buyer);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice).toMatchObject({ number: 'INV/26-27/000001', financialYear: '2026-27' });
    expect(invoice.number.length).toBeLessThanOrEqual(16);

    const res = await getInvoice(orderId, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('invoice-INV-26-27-000001.pdf');
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      'INV/26-27/000001',
      ctx.config.company.name,
      `GSTIN: ${ctx.config.company.gstin}`,
      'Asha Buyer 601',
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: Maharashtra (code 27)',
      'Reverse charge: No',
      '998366',
      'Metro Gantry',
      '1 Dec 2026 - 7 Dec 2026',
      '₹10,500.00',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹945.00',
      '₹12,390.00',
      'Rupees Twelve Thousand Three Hundred Ninety Only',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
    // CGST Rule 46(q): digitally signed by the seller, and the signature verifies over the whole file.
    expect(verifyPdfSignature(res.rawPayload)).toMatchObject({
      signer: expect.stringContaining(ctx.config.company.name),
      reason: 'Tax invoice INV/26-27/000001',
    });
    expect(text).not.toContain('needs no signature');
  });

  it('shows IGST for a buyer of another state; numbers follow on without a gap', async () => {
    const buyer = await tokenFor(ctx, 602, 'Karnataka');
    const orderId = await paidOrder(buyer, 'Ring Road Unipole');
    const res = await getInvoice(orderId, buyer);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('INV/26-27/000002');
    expect(text).toContain('IGST @ 18%');
    // Both states with their codes: the seller's and the place of supply.
    expect(text).toContain('Place of supply: Karnataka (code 29)');
    expect(text).toMatch(/State: [A-Za-z ]+ \(code \d{2}\)/);
    expect(text).toContain('₹1,890.00');
    expect(text).toContain('GSTIN: Unregistered');
    expect(text).not.toContain('CGST');
  });

  it("is the buyer's and the operators': anyone else 404, anonymous 401, an unpaid order 404", async () => {
    const buyer = await tokenFor(ctx, 603);
    const stranger = await tokenFor(ctx, 604);
    const orderId = await paidOrder(buyer, 'Airport Road');
    expect((await getInvoice(orderId, stranger)).statusCode).toBe(404);
    expect((await getInvoice(orderId, null)).statusCode).toBe(401);
    expect((await getInvoice(orderId, operator)).statusCode).toBe(200);
    const site = await insertProduct(ctx.database.db);
    const unpaid = (await book(ctx, buyer, [line(site.id, START, END)], WEEK)).json().order_id;
    expect((await getInvoice(unpaid, buyer)).statusCode).toBe(404);
    expect((await getInvoice(987_654, operator)).statusCode).toBe(404);
  });

  it('a rolled-back transaction gives its number back (gapless)', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const before = await db.select().from(documentCounters).where(eq(documentCounters.series, 'INV'));
    await expect(
      db.transaction(async (tx) => {
        await allocateDocumentNumber(tx, 'INV', now);
        throw new Error('payment failed later');
      }),
    ).rejects.toThrow('payment failed later');
    const after = await db.select().from(documentCounters).where(eq(documentCounters.series, 'INV'));
    expect(after).toEqual(before);
    const cn = await db.transaction((tx) => allocateDocumentNumber(tx, 'CN', now));
    expect(cn).toEqual({ number: 'CN/26-27/000001', financialYear: '2026-27', sequence: 1 });
  });
});

describe('generated documents per requester (DOCUMENTS_PER_HOUR)', () => {
  it('answers 429 with the error shape and Retry-After past the hourly allowance, per address and per user', async () => {
    const limited = await createTestApp({ database: ctx.database, env: { DOCUMENTS_PER_HOUR: '3' } });
    try {
      const site = await insertProduct(ctx.database.db);
      const ask = (ip: string, token?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/quotes/proforma.pdf',
          remoteAddress: ip,
          headers: token ? bearer(token) : {},
          payload: { data: [line(site.id, START, END)] },
        });
      for (let i = 0; i < 3; i++) expect((await ask('203.0.113.7')).statusCode).toBe(200);
      const refused = await ask('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own allowance; a signed-in buyer is counted as themself.
      expect((await ask('203.0.113.8')).statusCode).toBe(200);
      const buyer = await tokenFor(limited, 901);
      expect((await ask('203.0.113.7', buyer)).statusCode).toBe(200);
      // A bad request costs nothing and is not counted: it is still a 400.
      const bad = await limited.app.inject({
        method: 'POST',
        url: '/api/quotes/proforma.pdf',
        remoteAddress: '203.0.113.7',
        payload: { data: [] },
      });
      expect(bad.statusCode).toBe(400);
      // The next clock hour starts a new allowance.
      limited.clock.advance(3_600_000);
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('cash payments recorded by an operator', () => {
  const markPaid = (orderId: number, body: unknown, token = operator) =>
    post(ctx, `/api/ops/orders/${orderId}/mark-paid`, token, body);

  async function cashOrder(n: number, state = 'Maharashtra') {
    const buyer = await tokenFor(ctx, n, state);
    const site = await insertProduct(ctx.database.db);
    const orderId = (await book(ctx, buyer, [line(site.id, START, END)], WEEK)).json().order_id;
    const out = await checkout(ctx, buyer, orderId, 'cash');
    expect(out.json().amount).toBe(1_239_000);
    return { buyer, orderId };
  }

  it('confirms the order as an online payment would, issues the invoice, audits, and never pays twice', async () => {
    const db = ctx.database.db;
    const { buyer, orderId } = await cashOrder(611);
    const short = await markPaid(orderId, { amount: 10_500, reference: 'RCPT-1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('amount_mismatch');
    expect(short.json().error.message).toContain('₹12,390');
    expect((await orderRow(db, orderId)).status).toBe('awaiting_payment');

    const ok = await markPaid(orderId, { amount: 12_390, reference: 'RCPT-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ order_id: orderId, status: 'paid', amount: 12_390 });
    expect(ok.json().data.invoice_number).toMatch(/^INV\/26-27\/\d{6}$/);
    expect((await orderRow(db, orderId)).status).toBe('paid');
    // A double click answers the same; another reference is a conflict; one payment row either way.
    const again = await markPaid(orderId, { amount: 12_390, reference: 'RCPT-1' });
    expect(again.json()).toEqual(ok.json());
    const other = await markPaid(orderId, { amount: 12_390, reference: 'RCPT-2' });
    expect([other.statusCode, other.json().error.code]).toEqual([409, 'order_paid']);
    const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'cash',
      amountPaise: 1_239_000,
      reference: 'RCPT-1',
      status: 'captured',
    });
    expect(rows[0].recordedByUserId).not.toBeNull();
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(orderId)));
    expect(audit.map((a) => a.action)).toEqual(['order.mark_paid']);
    expect((await getInvoice(orderId, buyer)).statusCode).toBe(200);
  });

  it('concurrent clicks pay once', async () => {
    const { orderId } = await cashOrder(612);
    const answers = await Promise.all(
      [1, 2, 3].map(() => markPaid(orderId, { amount: 12_390, reference: 'UTR 123' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it('refuses an order not awaiting cash, an unknown order, a buyer, and an empty reference', async () => {
    const buyer = await tokenFor(ctx, 613);
    const site = await insertProduct(ctx.database.db);
    const online = (await book(ctx, buyer, [line(site.id, START, END)], WEEK)).json().order_id;
    await checkout(ctx, buyer, online);
    const res = await markPaid(online, { amount: 12_390, reference: 'X' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'not_awaiting_payment']);
    expect((await markPaid(987_654, { amount: 1, reference: 'X' })).statusCode).toBe(404);
    const { orderId } = await cashOrder(614);
    expect((await markPaid(orderId, { amount: 12_390, reference: 'X' }, buyer)).statusCode).toBe(403);
    expect((await markPaid(orderId, { amount: 12_390, reference: '  ' })).statusCode).toBe(400);
    expect((await markPaid(orderId, { amount: -5, reference: 'X' })).statusCode).toBe(400);
  });
});

// Runs last: it takes an invoice number, and the tests above read the series in order.
describe('one date convention', () => {
  it('the last day picked is the last day on the invoice, and it is sold to nobody else (issue 19)', async () => {
    // What the end picker does: it offers last days and hands the API the day after the one picked.
    const rules = bookingPickerRules({ bookingDuration: 7, now: ctx.clock.now() });
    const picked = '2026-12-07';
    expect(rules.isLastDayDisabled(picked, START)).toBe(false);
    const to = toDateAfter(picked);
    expect(describeRange(START, to)).toBe('1 Dec 2026 - 7 Dec 2026 (7 days)');

    const buyer = await tokenFor(ctx, 605);
    const site = await insertProduct(ctx.database.db, { name: 'Picker Regression Hoarding' });
    const { booked, confirmed } = await bookAndPay(ctx, buyer, [line(site.id, START, to)], WEEK);
    expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    const { text } = await pdfText((await getInvoice(booked.json().order_id, buyer)).rawPayload);
    expect(text).toContain('1 Dec 2026 - 7 Dec 2026');
    expect(text).toContain('(7 days)');

    // The picked last day is booked: another buyer starting on it is refused.
    const other = await tokenFor(ctx, 606);
    const clash = await book(ctx, other, [line(site.id, picked, '2026-12-14')], WEEK);
    expect(clash.statusCode, clash.body).toBe(409);
  });
});

describe('the IST day on every date of the invoice', () => {
  it('a payment at 00:39 IST on 2 Dec is dated 2 Dec in the header and in the footer', async () => {
    const before = ctx.clock.now();
    // 19:09 UTC on 1 Dec is 00:39 IST on 2 Dec.
    ctx.clock.set(new Date('2026-12-01T19:09:00Z'));
    try {
      const buyer = await tokenFor(ctx, 607);
      const site = await insertProduct(ctx.database.db, { name: 'Midnight Hoarding' });
      const { booked, confirmed } = await bookAndPay(
        ctx,
        buyer,
        [line(site.id, '2026-12-10', '2026-12-17')],
        WEEK,
      );
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
      const { text } = await pdfText((await getInvoice(booked.json().order_id, buyer)).rawPayload);
      expect(text).toContain('Date: 2 Dec 2026');
      expect(text).toContain('Paid 2 Dec 2026.');
      expect(text).not.toContain('2026-12-01');
    } finally {
      ctx.clock.set(before);
    }
  });
});
