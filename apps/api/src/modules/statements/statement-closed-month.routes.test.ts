import { statementCommissionLabel } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factory, factory, type OwnerRow, type Site } from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * Issue 47: a statement for a closed month never changes. November's lines were paid while the commission
 * was 15 %; the marketplace then raises it to 20 % (a new process with the new setting on the same
 * database). November's statement reads as it did, because each line's figures are the ones its payout
 * recorded at payment (decision 093), and a line paid under the new setting says its own rate.
 */
let a: TestContext;
let b: TestContext;
let owner: OwnerRow;
let site: Site;
let november: unknown;

const statement = (ctx: TestContext, month: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/partner/statements?month=${month}`,
    headers: owner.admin.headers,
  });

beforeAll(async () => {
  a = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE, COMMISSION_PERCENT: '15' } });
  const make: Factory = factory(a);
  owner = await make.ownerRow();
  // The factory's ownerRow site: a lamp post at ₹1,500 a day.
  const row = await make.siteRow(owner);
  site = { id: row.id, ownerId: owner.id, weekRupees: 10_500 };
  await make.order(await make.buyer(), [site], 'paid');
  const answer = await statement(a, '2026-11');
  expect(answer.statusCode).toBe(200);
  november = answer.json();
  b = await createTestApp({
    database: a.database,
    env: { OPERATOR_PHONES: OPERATOR_PHONE, COMMISSION_PERCENT: '20' },
  });
});
afterAll(async () => {
  // Both apps share one database: the first closes its app only, the second the database with it.
  await a?.app.close();
  await b?.close();
});

describe('a closed month under a new commission setting', () => {
  it('reads the rate and figures recorded at payment: 15 % of ₹10,500 is ₹1,575', () => {
    // DESIGN 18: ₹10,500 + ₹1,890 GST on the supply - ₹1,575 commission - ₹283.50 its GST - ₹52.50 TCS
    // - ₹10.50 TDS = ₹10,468.50.
    const figures = {
      value: 10_500,
      gst_on_supply: 1_890,
      commission: 1_575,
      commission_gst: 283.5,
      tcs: 52.5,
      tds: 10.5,
      payout: 10_468.5,
    };
    expect(november).toMatchObject({
      commission_percent: 15,
      lines: [{ ...figures, commission_percent: 15 }],
      totals: figures,
    });
  });

  it('is the same statement, to the rupee, after the setting becomes 20 %', async () => {
    const again = await statement(b, '2026-11');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(november);
  });

  it("says each line's own rate once the month mixes two settings", async () => {
    const make = factory(b);
    await make.order(await make.buyer(), [site], 'paid', { from: '2026-12-10' });
    const mixed = (await statement(b, '2026-11')).json();
    expect(mixed.commission_percent).toBeNull();
    expect(mixed.lines.map((l: { commission_percent: number }) => l.commission_percent).sort()).toEqual([
      15, 20,
    ]);
    // ₹1,575 at 15 % and ₹2,100 at 20 % of the second ₹10,500, with 18 % GST on each commission
    // (₹283.50 + ₹378): ₹10,468.50 + ₹9,849.
    expect(mixed.totals).toMatchObject({
      value: 21_000,
      commission: 3_675,
      commission_gst: 661.5,
      payout: 20_317.5,
    });
    expect(statementCommissionLabel(mixed)).toBe('Commission 15 % / 20 %');
    expect(statementCommissionLabel(november as typeof mixed)).toBe('Commission 15 %');
  });

  it('a month with no lines says the setting of today', async () => {
    const empty = (await statement(b, '2026-09')).json();
    expect(empty).toMatchObject({ commission_percent: 20, lines: [] });
  });
});
