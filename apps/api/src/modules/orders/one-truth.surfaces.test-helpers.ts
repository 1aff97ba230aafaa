import { expect } from 'vitest';
import { bearer, phoneOf } from '../../../test/api-calls.ts';
import { mailTo, smsTo } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { BUYER_EMAIL, BUYER_N, FROM, LAST_DAY, type Life, PERIOD, TO } from './one-truth.test-helpers.ts';

/**
 * Every surface of issue 19 read after the scripted life (one-truth.test-helpers.ts), each compared with
 * the figures worked out by hand below and so with each other, to the paisa and the day. Not a test itself.
 *
 * Order 1 (online): ₹24,780 charged; refunded ₹12,390 (line A cancelled at 100 %) + ₹2,000 + ₹1,000
 * (line B, by an operator) = ₹15,390; net ₹9,390. Line A: ₹12,390 back of ₹12,390; line B: ₹3,000 of
 * ₹12,390 (the operator's amount-only refunds go to the line with something left: shared refundSpread).
 * Order 2 (cash): ₹12,390, nothing refunded. Taxable parts (amount x 21,000 / 24,780, half up): ₹12,390
 * -> ₹10,500.00; ₹2,000 -> ₹1,694.92; ₹1,000 -> ₹847.46, which the credit notes show and the owner's
 * statement subtracts: refunds ₹10,500 (A) + ₹2,542.38 (B) = ₹13,042.38 of ₹31,500; commission 15 % of
 * ₹18,457.62 = ₹2,768.64; payout ₹15,688.98.
 */
const OWNER_PHONE = '9876500000';
const OWNER_EMAIL = 'asha@example.com';

export async function checkEverySurface(ctx: TestContext, life: Life): Promise<void> {
  const get = async (url: string, token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  };
  const { orderId } = life.online;
  const cashId = life.cash.orderId;

  // The order API: the ledger itself.
  const detail = (await get(`/api/orders/${orderId}`, life.buyer)).json();
  expect(detail).toMatchObject({
    status: 'partially_refunded',
    subtotal: 21_000,
    total: 24_780,
    refunded: 15_390,
    net: 9_390,
    refundable: 9_390,
    amount_due: 0,
    live_lines: 1,
  });
  const refunds = detail.refunds.map((r: Record<string, unknown>) => [
    r.id,
    r.amount,
    r.status,
    r.credit_note_number,
  ]);
  // Credit notes are numbered when the money leaves: the ₹1,000 before the retried ₹2,000.
  expect(refunds).toEqual([
    [life.refundIds[0], 12_390, 'processed', 'CN/26-27/000001'],
    [life.refundIds[1], 2_000, 'processed', 'CN/26-27/000003'],
    [life.refundIds[2], 1_000, 'processed', 'CN/26-27/000002'],
  ]);
  for (const l of detail.lines)
    expect(l).toMatchObject({ from_date: FROM, to_date: TO, first_day: FROM, last_day: LAST_DAY, days: 7 });
  expect(detail.lines.map((l: { status: string }) => l.status)).toEqual(['cancelled', 'scheduled']);
  const cashDetail = (await get(`/api/orders/${cashId}`, life.buyer)).json();
  expect(cashDetail).toMatchObject({
    status: 'paid',
    total: 12_390,
    refunded: 0,
    net: 12_390,
    amount_due: 0,
  });

  // The operator's order page: the same figures, refunds and credit notes.
  const ops = (await get(`/api/ops/orders/${orderId}`, life.operator)).json().data;
  expect(ops).toMatchObject({ status: 'partially_refunded', total: 24_780, refunded: 15_390, net: 9_390 });
  expect(ops.refunds).toEqual(detail.refunds);
  expect(ops.invoice).toEqual(detail.invoice);
  expect(
    ops.items.map((i: { status: string; from_date: string; to_date: string }) => [
      i.status,
      i.from_date,
      i.to_date,
    ]),
  ).toEqual([
    ['cancelled', FROM, TO],
    ['scheduled', FROM, TO],
  ]);

  // My Orders: one group per site, adding up to the order; no line refunded beyond its share.
  const mine = (await get('/api/booked_campaigns/', life.buyer)).json().data.upcoming_campaigns;
  const groups = mine.map((g: Record<string, unknown>) => [
    g.order_id,
    g.name,
    g.status,
    g.total,
    g.refunded,
    g.net,
    g.live_sites,
    g.from_date,
    g.to_date,
  ]);
  expect(groups).toEqual([
    [orderId, 'Truth Road A', 'partially_refunded', 12_390, 12_390, 0, 0, FROM, TO],
    [orderId, 'Truth Road B', 'partially_refunded', 12_390, 3_000, 9_390, 1, FROM, TO],
    [cashId, 'Truth Road C', 'paid', 12_390, 0, 12_390, 1, FROM, TO],
  ]);

  // The owner's bookings (JSON and CSV) and calendar: A cancelled and off the calendar, B and C to the 26th.
  const bookings = (await get('/api/partner/bookings', life.owner.admin.token)).json().results;
  expect(
    bookings.map((b: Record<string, unknown>) => [
      b.line_id,
      b.status,
      b.from_date,
      b.to_date,
      b.days,
      b.amount,
    ]),
  ).toEqual([
    [life.online.lineA, 'cancelled', FROM, TO, 7, 10_500],
    [life.online.lineB, 'upcoming', FROM, TO, 7, 10_500],
    [life.cash.lineC, 'upcoming', FROM, TO, 7, 10_500],
  ]);
  const bookingsCsv = (await get('/api/partner/bookings.csv', life.owner.admin.token)).body;
  expect(bookingsCsv).toContain(`Truth Road A,Meera Rao,Meera Rao,${FROM},${LAST_DAY},7,10500.00,cancelled`);
  expect(bookingsCsv).toContain(`Truth Road B,Meera Rao,Meera Rao,${FROM},${LAST_DAY},7,10500.00,upcoming`);
  const calendar = (await get('/api/partner/calendar?month=2026-12', life.owner.admin.token)).json().data;
  expect(
    calendar.entries.map((e: Record<string, unknown>) => [
      e.kind,
      e.site_id,
      e.order_id,
      e.start_date,
      e.end_date,
    ]),
  ).toEqual([
    ['booking', life.sites.b, orderId, FROM, LAST_DAY],
    ['booking', life.sites.c, cashId, FROM, LAST_DAY],
  ]);

  // The owner's statement for November (JSON, CSV): values and refunds excluding GST.
  const statement = (await get('/api/partner/statements?month=2026-11', life.owner.admin.token)).json();
  expect(
    statement.lines.map((l: Record<string, unknown>) => [
      l.line_id,
      l.status,
      l.from_date,
      l.to_date,
      l.value,
      l.refunds,
    ]),
  ).toEqual([
    [life.online.lineA, 'cancelled', FROM, TO, 10_500, 10_500],
    [life.online.lineB, 'scheduled', FROM, TO, 10_500, 2_542.38],
    [life.cash.lineC, 'scheduled', FROM, TO, 10_500, 0],
  ]);
  // DESIGN 18 on what each line keeps (B: 1,050,000 - 254,238 = 795,762 paise; C: 1,050,000; A nothing),
  // each figure the sum of the lines' recorded ones: GST on the supply 143,238 + 189,000; commission
  // 119,364 + 157,500; its GST 21,486 + 28,350; TCS 3,978 + 5,250; TDS 796 + 1,050; payout 793,376 +
  // 1,046,850.
  expect(statement.totals).toEqual({
    value: 31_500,
    refunds: 13_042.38,
    gst_on_supply: 3_322.38,
    commission: 2_768.64,
    commission_gst: 498.36,
    tcs: 92.28,
    tds: 18.46,
    payout: 18_402.26,
  });
  // The CSV's status words are the statement JSON's own (issue 47).
  const statementCsv = (await get('/api/partner/statements.csv?month=2026-11', life.owner.admin.token)).body;
  expect(statementCsv).toContain(
    `Truth Road A,Truth Road A,${FROM},${LAST_DAY},cancelled,2026-11-22,10500.00,10500.00`,
  );
  expect(statementCsv).toContain(
    `Truth Road B,Truth Road B,${FROM},${LAST_DAY},scheduled,2026-11-22,10500.00,2542.38`,
  );
  expect(statementCsv).toContain(
    `Truth Road C,Truth Road C,${FROM},${LAST_DAY},scheduled,2026-11-22,10500.00,0.00`,
  );
  expect(statementCsv).toMatch(
    /Refunds excl\. GST,13042\.38\s+GST on supply,3322\.38\s+Commission 15 %,2768\.64\s+GST on commission,498\.36\s+TCS \(CGST Act s\.52\),92\.28\s+TDS \(Income-tax Act s\.194-O\),18\.46\s+Payout due,18402\.26/,
  );

  // The invoices (PDF text): the same total and the same last day.
  const pdf = async (url: string) => (await pdfText((await get(url, life.buyer)).rawPayload)).text;
  const invoice = await pdf(detail.invoice.url);
  expect(invoice).toContain(`Invoice no.: ${detail.invoice.number}`);
  expect(invoice.match(new RegExp(PERIOD, 'g'))).toHaveLength(2);
  expect(invoice).toContain('Total payable ₹24,780.00');
  const cashInvoice = await pdf(cashDetail.invoice.url);
  expect(cashInvoice).toContain(PERIOD);
  expect(cashInvoice).toContain('Total payable ₹12,390.00');

  // The credit notes (PDF text): number, original invoice, reason, amount, taxable part, dates.
  const notes = await Promise.all(
    detail.refunds.map((r: { credit_note_url: string }) => pdf(r.credit_note_url)),
  );
  const noteFacts: [string, string, string, string][] = [
    ['CN/26-27/000001', 'Cancelled by the buyer', '₹12,390.00', '₹10,500.00'],
    ['CN/26-27/000003', 'Board B lit late', '₹2,000.00', '₹1,694.92'],
    ['CN/26-27/000002', 'Board B dim at night', '₹1,000.00', '₹847.46'],
  ];
  notes.forEach((text, i) => {
    const [number, reason, amount, taxable] = noteFacts[i];
    expect(text).toContain(`Number: ${number}`);
    expect(text).toContain(`Against tax invoice ${detail.invoice.number} of 22 Nov 2026 (order #${orderId})`);
    expect(text).toContain(reason);
    expect(text).toContain(`Total refunded: ${amount}`);
    expect(text).toContain(`Taxable value: ${taxable}`);
  });
  expect(notes[0]).toContain(`Truth Road A, Mumbai: ${PERIOD} (7 days)`);

  // What the buyer and the owner were told (dev SMS and mail outboxes): the same amounts and days.
  const buyerSms = (await smsTo(ctx, phoneOf(BUYER_N))).map((m) => m.body);
  expect(buyerSms).toEqual([
    expect.stringContaining(`order #${orderId} is confirmed: 2 sites from 20 Dec 2026, ₹24,780 paid.`),
    expect.stringContaining(`your booking of Truth Road A (${PERIOD}) in order #${orderId} was cancelled`),
    expect.stringContaining(`a refund of ₹12,390 for order #${orderId} was issued.`),
    expect.stringContaining(`a refund of ₹1,000 for order #${orderId} was issued.`),
    expect.stringContaining(`a refund of ₹2,000 for order #${orderId} was issued.`),
    expect.stringContaining(`Pay ₹12,390 incl. GST`),
    expect.stringContaining(`order #${cashId} is confirmed: 1 site from 20 Dec 2026, ₹12,390 paid.`),
  ]);
  const buyerMail = (await mailTo(ctx, BUYER_EMAIL)).map((m) => m.text);
  expect(buyerMail.map((t) => t.split('\n')[0])).toEqual(buyerSms);
  const ownerSms = (await smsTo(ctx, OWNER_PHONE)).map((m) => m.body);
  const ownerMail = (await mailTo(ctx, OWNER_EMAIL)).map((m) => m.text);
  expect(ownerSms, ownerSms.join('\n')).toEqual([
    expect.stringContaining(`new booking #${orderId} for Truth Road A and Truth Road B (${PERIOD})`),
    expect.stringContaining(`the booking of Truth Road A (${PERIOD}) in order #${orderId} was cancelled`),
    expect.stringContaining(
      `a refund of ₹12,390 was issued to the buyer for Truth Road A (${PERIOD}) in order #${orderId}`,
    ),
    // The operator's amount-only refunds, told to the owner of the line they went to (line B).
    expect.stringContaining(
      `a refund of ₹1,000 was issued to the buyer for Truth Road B (${PERIOD}) in order #${orderId}`,
    ),
    expect.stringContaining(
      `a refund of ₹2,000 was issued to the buyer for Truth Road B (${PERIOD}) in order #${orderId}`,
    ),
    expect.stringContaining(`new booking #${cashId} for Truth Road C (${PERIOD})`),
  ]);
  expect(ownerMail.length).toBe(ownerSms.length);
  for (const t of [...ownerSms, ...ownerMail, ...buyerSms]) expect(t).not.toContain('27 Dec 2026');
}
