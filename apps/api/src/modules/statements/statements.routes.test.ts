import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { signToken } from '../../lib/jwt.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { bearer, line, tokenFor } from '../bookings/booking-test-helpers.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../orders/refunds.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { ownerWithMember, siteOf } from '../site-calendar/site-calendar.test-helpers.ts';

/**
 * Owner statements (docs/decisions/030): value by payment month, refunds by refund month spread over
 * their lines, commission on the net. The owners' statements add up to the month's subtotals less the
 * month's refunds excluding GST.
 */
let ctx: TestContext;
const owners: { token: string; ownerId: number }[] = [];
let orderIds: number[] = [];

const get = (url: string, token: string | null) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE, COMMISSION_PERCENT: '15' } });
  const db = ctx.database.db;
  owners.push(await ownerWithMember(ctx, 1401), await ownerWithMember(ctx, 1402));
  const [n1, n2, s1, s2] = await Promise.all([
    siteOf(db, owners[0].ownerId),
    siteOf(db, owners[0].ownerId),
    siteOf(db, owners[1].ownerId),
    siteOf(db, owners[1].ownerId, { pricePaise: 123_457 }),
  ]);
  const alice = await tokenFor(ctx, 1403);
  orderIds = [
    await paidOrder(
      ctx,
      alice,
      [line(n1.id, '2026-12-20', '2026-12-27'), line(s1.id, '2026-12-20', '2026-12-27')],
      21_000,
    ),
    await paidOrder(
      ctx,
      alice,
      [line(n2.id, '2026-12-20', '2026-12-27'), line(s2.id, '2026-12-20', '2026-12-27')],
      19_141.99,
    ),
  ];
  const operator = (await signToken({ phone_number: OPERATOR_PHONE }, ctx.config.jwtSecret, ctx.clock.now()))
    .token;
  expect(
    (await opsRefund(ctx, operator, orderIds[0], { amount: 1000.01, reason: 'Goodwill' })).statusCode,
  ).toBe(200);
  const lines = await lineIdsOf(ctx, orderIds[1]);
  expect((await cancel(ctx, alice, orderIds[1], { line_ids: [lines[0]], confirm: true })).statusCode).toBe(
    200,
  );
  await db
    .update(orderItems)
    .set({ campaignName: '=HYPERLINK("http://x")' })
    .where(eq(orderItems.id, lines[1]));
});
afterAll(() => ctx.close());

describe('GET /api/partner/statements', () => {
  it("adds up, over every owner, to the month's subtotals less its refunds excluding GST", async () => {
    const statements = await Promise.all(
      owners.map(async (o) => (await get('/api/partner/statements?month=2026-11', o.token)).json()),
    );
    const rows = await ctx.database.db.select().from(orders).where(inArray(orders.id, orderIds));
    const subtotal = rows.reduce((s, o) => s + (o.subtotalPaise || o.amountPaise), 0);
    // No GST on this branch's checkout: the refunds excluding GST are the refunds (₹1,000.01 + ₹10,500).
    const expected = subtotal - 100_001 - 1_050_000;
    const net = statements.reduce((s, st) => s + Math.round((st.totals.value - st.totals.refunds) * 100), 0);
    expect(net).toBe(expected);

    const [north, south] = statements;
    expect(north.totals.value).toBe(21_000);
    // ₹1,000.01 split over two ₹10,500 lines: 50,001 paise to the first, 50,000 to the second.
    expect(north.totals.refunds).toBe(10_500 + 500.01);
    expect(north.totals.commission).toBe(Math.round((21_000 - 11_000.01) * 15) / 100);
    expect(north.totals.payout).toBeCloseTo(21_000 - 11_000.01 - north.totals.commission, 2);
    expect(south.totals.value).toBe(19_141.99);
    expect(south.totals.refunds).toBe(500);
    expect(south.commission_percent).toBe(15);
    expect(south.lines.map((l: { order_id: number }) => l.order_id).sort()).toEqual([...orderIds].sort());
  });

  it('shows another month empty, and refuses non-members and bad months', async () => {
    const dec = (await get('/api/partner/statements?month=2026-12', owners[0].token)).json();
    expect(dec).toMatchObject({ lines: [], totals: { value: 0, refunds: 0, commission: 0, payout: 0 } });
    expect((await get('/api/partner/statements?month=2026-13', owners[0].token)).statusCode).toBe(400);
    expect((await get('/api/partner/statements', owners[0].token)).statusCode).toBe(400);
    const buyer = await tokenFor(ctx, 1403);
    expect((await get('/api/partner/statements?month=2026-11', buyer)).statusCode).toBe(403);
    expect((await get('/api/partner/statements?month=2026-11', null)).statusCode).toBe(401);
    const pending = await ownerWithMember(ctx, 1404, 'pending');
    expect((await get('/api/partner/statements.csv?month=2026-11', pending.token)).statusCode).toBe(403);
  });

  it('downloads as CSV with the formula guard, and as PDF', async () => {
    const csv = await get('/api/partner/statements.csv?month=2026-11', owners[1].token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).toMatch(/Payout due,\d+\.\d{2}/);
    const pdf = await get('/api/partner/statements.pdf?month=2026-11', owners[0].token);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement for 2026-11');
    expect(text).toContain('Owner 1401 Outdoor');
    expect(text).toMatch(/Payout due: ₹[\d,]+\.\d{2}/);
  });
});
