import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../../../test/refund-calls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { signToken } from '../../lib/jwt.ts';
import { pdfText } from '../../lib/pdf/pdf-text.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Owner statements (docs/decisions/030): value by payment month, refunds by refund month spread over
 * their lines, commission on the net. The owners' statements add up to the month's subtotals less the
 * taxable part of the month's refunds (the GST in a refund is never charged to an owner).
 */
let ctx: TestContext;
let make: Factory;
const owners: OwnerRow[] = [];
let orderIds: number[] = [];

const get = (url: string, token: string | null) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE, COMMISSION_PERCENT: '15' } });
  make = factory(ctx);
  const db = ctx.database.db;
  // The first owner's company is named: its statement PDF prints it.
  owners.push(await make.ownerRow({ company: 'Owner 1401 Outdoor' }), await make.ownerRow());
  const [n1, n2, s1, s2] = await Promise.all([
    make.siteRow(owners[0]),
    make.siteRow(owners[0]),
    make.siteRow(owners[1]),
    make.siteRow(owners[1], { pricePaise: 123_457 }),
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
      owners.map(async (o) => (await get('/api/partner/statements?month=2026-11', o.admin.token)).json()),
    );
    const rows = await ctx.database.db.select().from(orders).where(inArray(orders.id, orderIds));
    const subtotal = rows.reduce((s, o) => s + o.subtotalPaise, 0);
    expect(subtotal).toBe(2_100_000 + 1_914_199);
    // The buyer is billed in Maharashtra: CGST + SGST 9 % each (half up). Order 1: ₹21,000 charged
    // 2,100,000 + 2 x 189,000 = 2,478,000 paise; order 2: ₹19,141.99 charged 1,914,199 + 2 x 172,278 =
    // 2,258,755 paise. Refunds are GST-inclusive; a statement subtracts only their taxable part,
    // round_half_up(amount x subtotal / charged):
    // - the operator's ₹1,000.01 on order 1: 100,001 x 2,100,000 / 2,478,000 = 84,746.61 -> 84,747,
    //   spread over its two ₹10,500 lines: 42,374 to the first (north, the tie's earlier line), 42,373;
    // - cancelling order 2's ₹10,500 line at 100 %: its share of the charge is 1,239,000 (of 2,258,755
    //   split 1,050,000 : 864,199), taxable 1,239,000 x 1,914,199 / 2,258,755 = 1,049,999.96 -> 1,050,000,
    //   the line's own price.
    expect(rows.map((o) => o.amountPaise).sort()).toEqual([2_258_755, 2_478_000]);
    const expected = subtotal - 84_747 - 1_050_000;
    const net = statements.reduce((s, st) => s + Math.round((st.totals.value - st.totals.refunds) * 100), 0);
    expect(net).toBe(expected);

    const [north, south] = statements;
    expect(north.totals.value).toBe(21_000);
    expect(north.totals.refunds).toBe(10_923.74); // 1,050,000 + 42,374 paise
    // 15 % of (2,100,000 - 1,092,374) = 151,143.90 -> 151,144 paise.
    expect(north.totals.commission).toBe(1_511.44);
    // DESIGN 18 on the kept 1,007,626 paise (a Maharashtra site of an owner registered there: CGST + SGST):
    // GST on the supply 2 x 90,686.34 -> 2 x 90,686 = 181,372; GST on the commission 2 x 13,602.96 ->
    // 27,206; TCS 2 x 0.25 % = 2 x 2,519.07 -> 5,038; TDS 0.1 % = 1,007.63 -> 1,008.
    expect(north.totals).toMatchObject({
      gst_on_supply: 1_813.72,
      commission_gst: 272.06,
      tcs: 50.38,
      tds: 10.08,
    });
    // 1,007,626 + 181,372 - 151,144 - 27,206 - 5,038 - 1,008 = 1,004,602.
    expect(north.totals.payout).toBe(10_046.02);
    expect(south.totals.value).toBe(19_141.99);
    expect(south.totals.refunds).toBe(423.73);
    expect(south.commission_percent).toBe(15);
    expect(south.lines.map((l: { order_id: number }) => l.order_id).sort()).toEqual([...orderIds].sort());
    // The buyer's cancelled line reads cancelled on its owner's statement at once (issue 19).
    const statusOf = (orderId: number) =>
      north.lines.find((l: { order_id: number }) => l.order_id === orderId)?.status;
    expect([statusOf(orderIds[0]), statusOf(orderIds[1])]).toEqual(['scheduled', 'cancelled']);
  });

  it('shows another month empty, and refuses non-members and bad months', async () => {
    const dec = (await get('/api/partner/statements?month=2026-12', owners[0].admin.token)).json();
    expect(dec).toMatchObject({
      lines: [],
      totals: { value: 0, refunds: 0, gst_on_supply: 0, commission: 0, tcs: 0, tds: 0, payout: 0 },
    });
    expect((await get('/api/partner/statements?month=2026-13', owners[0].admin.token)).statusCode).toBe(400);
    expect((await get('/api/partner/statements', owners[0].admin.token)).statusCode).toBe(400);
    const buyer = await tokenFor(ctx, 1403);
    expect((await get('/api/partner/statements?month=2026-11', buyer)).statusCode).toBe(403);
    expect((await get('/api/partner/statements?month=2026-11', null)).statusCode).toBe(401);
    const pending = await make.ownerRow({ status: 'pending' });
    expect((await get('/api/partner/statements.csv?month=2026-11', pending.admin.token)).statusCode).toBe(
      403,
    );
  });

  it('downloads as CSV with the formula guard, and as PDF', async () => {
    const csv = await get('/api/partner/statements.csv?month=2026-11', owners[1].admin.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).toMatch(/Payout due,\d+\.\d{2}/);
    // First and LAST day (the JSON's to_date is exclusive) and the line's state.
    expect(csv.body).toContain('First day,Last day,Status,');
    // The status word is the API's own (the statement JSON's `status`), not a word of the CSV's.
    const json = (await get('/api/partner/statements?month=2026-11', owners[1].admin.token)).json();
    const status = json.lines.find((l: { from_date: string }) => l.from_date === '2026-12-20').status;
    expect(csv.body).toContain(`,2026-12-20,2026-12-26,${status},`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    // The totals stand apart: a blank line, then their own header, after the last line.
    expect(csv.body).toMatch(/\r\n\r\nTotals,Amount\r\nTotal value excl. GST,/);
    const pdf = await get('/api/partner/statements.pdf?month=2026-11', owners[0].admin.token);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement for 2026-11');
    // A table row: the cancelled line says so under its dates.
    expect(text).toMatch(/20 Dec 2026 - 26\s+Dec 2026 \(7\s+days\)\s+cancelled/);
    expect(text).toContain('Owner 1401 Outdoor');
    // The letterhead and both GSTINs, the period (issue 22).
    expect(text).toContain(ctx.config.company.name);
    expect(text).toContain(`GSTIN ${ctx.config.company.gstin}`);
    expect(text).toMatch(/GSTIN \d{2}[A-Z]{5}\d{4}[A-Z]\dZ[0-9A-Z]/);
    expect(text).toContain('Period: 1 Nov 2026 - 30 Nov 2026');
    expect(text).toMatch(/Payout due: ₹[\d,]+\.\d{2}/);
    // DESIGN 18's figures, per line and in total.
    expect(text).toContain('TCS (CGST Act s.52): ₹50.38');
    expect(text).toContain('TDS (Income-tax Act s.194-O): ₹10.08');
  });
});
