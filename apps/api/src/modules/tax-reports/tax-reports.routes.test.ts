import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, type Factory, factory, type Person } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { mediaOwners, orderItems } from '../../db/schema.ts';

/**
 * The operator's TCS and TDS reports (DESIGN 18, decision 093), read from what the payouts recorded. One
 * order of two owners' ₹10,500 lines, paid on 22 Nov 2026 by a buyer billed in Gujarat (a third state):
 * - owner A's site stands in Maharashtra, A's GSTIN state: TCS as CGST + SGST 0.25 % each; then a ₹1,180
 *   refund (₹1,000 taxable) on A's line returns part of the supply in the same month;
 * - owner B's site stands in Karnataka: an inter-state supply, TCS as IGST 0.5 %, whatever the buyer's
 *   state; B furnished no valid PAN, so TDS is 5 % (s.206AA(1A)) where A's is 0.1 %.
 */
let ctx: TestContext;
let make: Factory;
let op: Person;
let ownerA: number;
let ownerB: number;

beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
  op = await make.operator();
  const a = await make.ownerRow({ company: 'Owner A Outdoor' });
  const b = await make.ownerRow({ company: 'Owner B Hoardings' });
  ownerA = a.id;
  ownerB = b.id;
  await ctx.database.db.update(mediaOwners).set({ pan: 'NOTAPAN' }).where(eq(mediaOwners.id, b.id));
  const siteA = await make.siteRow(a);
  const siteB = await make.siteRow(b, { state: 'Karnataka', city: 'Bengaluru' });
  const order = await make.order(
    await make.buyer('Gujarat'),
    [
      { id: siteA.id, ownerId: a.id, weekRupees: 10_500 },
      { id: siteB.id, ownerId: b.id, weekRupees: 10_500 },
    ],
    'paid',
  );
  const [lineA] = await ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, siteA.id));
  const refund = await make.call(op, 'POST', `/api/ops/orders/${order.id}/refunds`, {
    amount: 1180,
    reason: 'Late mounting',
    line_ids: [lineA.id],
  });
  expect(refund.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/ops/tax/tcs', () => {
  it("lists each owner's supplies, returns and TCS by the site's state, in the shape of GSTR-8", async () => {
    const answer = await make.call(op, 'GET', '/api/ops/tax/tcs?month=2026-11');
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report.operator_gstin).toBe(ctx.config.company.gstin);
    const rowOf = (id: number) =>
      report.rows.find((r: { media_owner: { id: number } }) => r.media_owner.id === id);
    // A: 1,050,000 paise less the 100,000 returned = 950,000; TCS 2 x 0.25 % = 2 x 2,375 paise.
    expect(rowOf(ownerA)).toMatchObject({
      media_owner: { company_name: 'Owner A Outdoor' },
      gross_supplies: 10_500,
      returns: 1_000,
      net_taxable: 9_500,
      cgst: 23.75,
      sgst: 23.75,
      igst: 0,
    });
    expect(rowOf(ownerA).gstin).toMatch(/^27/);
    // B: a Karnataka site of a Maharashtra GSTIN: IGST 0.5 % of 1,050,000 paise.
    expect(rowOf(ownerB)).toMatchObject({
      gross_supplies: 10_500,
      returns: 0,
      net_taxable: 10_500,
      igst: 52.5,
      cgst: 0,
      sgst: 0,
    });
    expect(report.totals).toEqual({
      gross_supplies: 21_000,
      returns: 1_000,
      net_taxable: 20_000,
      igst: 52.5,
      cgst: 23.75,
      sgst: 23.75,
    });
    // Another month has nothing; the December report does not take November's lines.
    expect((await make.call(op, 'GET', '/api/ops/tax/tcs?month=2026-12')).json().rows).toEqual([]);
  });

  it('downloads as CSV: a byte-order mark, one row per owner, the totals apart', async () => {
    const csv = await make.call(op, 'GET', '/api/ops/tax/tcs.csv?month=2026-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFFGSTIN of the supplier,Supplier,Gross value of supplies,')).toBe(true);
    expect(csv.body).toMatch(/,Owner A Outdoor,10500\.00,1000\.00,9500\.00,0\.00,23\.75,23\.75\r\n/);
    expect(csv.body).toMatch(/,Owner B Hoardings,10500\.00,0\.00,10500\.00,52\.50,0\.00,0\.00\r\n/);
    expect(csv.body).toMatch(/\r\n\r\nTotals,Month,/);
  });
});

describe('GET /api/ops/tax/tds', () => {
  it('lists each owner by PAN with its rate: 0.1 %, or 5 % without a valid PAN', async () => {
    const report = (await make.call(op, 'GET', '/api/ops/tax/tds?quarter=2026-Q3')).json();
    expect(report).toMatchObject({ quarter: '2026-Q3', from: '2026-10-01', to: '2026-12-31' });
    const rowOf = (id: number) =>
      report.rows.find((r: { media_owner: { id: number } }) => r.media_owner.id === id);
    // A: 0.1 % of the 950,000 paise kept (1,050 at payment, 100 back with the refund before release).
    expect(rowOf(ownerA)).toMatchObject({
      pan_valid: true,
      rate_percent: 0.1,
      amount_credited: 9_500,
      tds: 9.5,
    });
    // B: 5 % of 1,050,000 paise.
    expect(rowOf(ownerB)).toMatchObject({
      pan: 'NOTAPAN',
      pan_valid: false,
      rate_percent: 5,
      amount_credited: 10_500,
      tds: 525,
    });
    expect(report.totals).toEqual({ amount_credited: 20_000, tds: 534.5 });
    expect((await make.call(op, 'GET', '/api/ops/tax/tds?quarter=2026-Q2')).json().rows).toEqual([]);
    const csv = await make.call(op, 'GET', '/api/ops/tax/tds.csv?quarter=2026-Q3');
    expect(csv.body).toContain('NOTAPAN,Owner B Hoardings,no (s.206AA),10500.00,5,525.00\r\n');
  });
});

describe('who may read them', () => {
  it('answers 400 for a bad period, 401 signed out, 403 to a buyer and to an owner', async () => {
    for (const url of [
      '/api/ops/tax/tcs?month=2026-13',
      '/api/ops/tax/tds?quarter=2026-Q5',
      '/api/ops/tax/tds',
    ])
      expect((await make.call(op, 'GET', url)).statusCode).toBe(400);
    expect((await make.call(null, 'GET', '/api/ops/tax/tcs?month=2026-11')).statusCode).toBe(401);
    expect((await make.call(await make.buyer(), 'GET', '/api/ops/tax/tcs?month=2026-11')).statusCode).toBe(
      403,
    );
    const owner = await make.ownerRow();
    expect((await make.call(owner.admin, 'GET', '/api/ops/tax/tds.csv?quarter=2026-Q3')).statusCode).toBe(
      403,
    );
  });
});
