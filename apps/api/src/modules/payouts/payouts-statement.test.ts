import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsAction, payoutOfLine, syncNow } from '../../../test/payout-calls.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../../../test/refund-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { mediaOwnerMembers, payoutRecoveries, payouts, sandboxTransfers, users } from '../../db/schema.ts';
import { call, createSitesTestApp, mediaOwner, ok, operator, tokenOf } from '../sites/sites.test-helpers.ts';
import { monthFigures } from './payouts.repository.ts';

/**
 * Statements and payouts agree to the paisa (decision 047): for a month with a kept line, a cancelled one,
 * a partially refunded one and one refunded after its release, the owner's payout transfers less their
 * reversals and recoveries of the month equal the statement's payout, and the next month's refunds too.
 * Prices in odd paise, so every rounding is exercised.
 */

let ctx: TestContext;
let owner: { token: string; ownerId: number };
beforeAll(async () => {
  ctx = await createSitesTestApp();
  owner = await mediaOwner(ctx);
});
afterAll(() => ctx.close());

const PRICE = 123_457; // ₹1,234.57 a day: 7 days = ₹8,641.99
const WEEK = 8641.99;

const COLUMNS = [
  'value',
  'refunds',
  'gst_on_supply',
  'commission',
  'commission_gst',
  'tcs',
  'tds',
  'payout',
] as const;

async function statementOf(month: string) {
  // Sessions last an hour and the clock moves by weeks here: the owner's member signs in again.
  return ok(await call(ctx, 'GET', `/api/partner/statements?month=${month}`, owner.token));
}

async function expectLedgerMatchesStatement(month: string) {
  const statement = await statementOf(month);
  const figures = await monthFigures(ctx.database.db, owner.ownerId, month);
  const ledgerPaise = figures.sharesPaise - figures.reversalsPaise - figures.recoveriesPaise;
  expect(Math.round(statement.totals.payout * 100)).toBe(ledgerPaise);
  const linesPaise = statement.lines.reduce(
    (s: number, l: { payout: number }) => s + Math.round(l.payout * 100),
    0,
  );
  expect(linesPaise).toBe(ledgerPaise);
  // The CSV carries each line's payout too (a negative one behind the formula guard's quote).
  const csv = await call(ctx, 'GET', `/api/partner/statements.csv?month=${month}`, owner.token);
  const rows = csv.body.trim().split('\r\n').slice(1);
  const csvPaise = rows
    .filter((r) => /^\d+,/.test(r))
    .reduce((s, r) => s + Math.round(Number(r.split(',').at(-1)!.replace(/^'/, '')) * 100), 0);
  expect(csvPaise).toBe(ledgerPaise);
  // DESIGN 18, per line and in total: payout = value - refunds + GST on the supply - commission - its
  // GST - TCS - TDS, each figure as recorded; each total the sum of its lines.
  const paise = (r: number) => Math.round(r * 100);
  type Figures = Record<(typeof COLUMNS)[number], number>;
  const identity = (f: Figures) =>
    paise(f.value) -
    paise(f.refunds) +
    paise(f.gst_on_supply) -
    paise(f.commission) -
    paise(f.commission_gst) -
    paise(f.tcs) -
    paise(f.tds);
  for (const l of statement.lines as Figures[]) expect(identity(l)).toBe(paise(l.payout));
  expect(identity(statement.totals)).toBe(paise(statement.totals.payout));
  for (const c of COLUMNS)
    expect(statement.lines.reduce((s: number, l: Figures) => s + paise(l[c]), 0)).toBe(
      paise(statement.totals[c]),
    );
  return { statement, ledgerPaise };
}

describe('statements equal payouts', () => {
  it('a month of kept, cancelled, partly refunded and refunded-after-release lines, and the next month', async () => {
    const sites = await Promise.all(
      [1, 2, 3, 4].map(() =>
        insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId, pricePaise: PRICE }),
      ),
    );
    const buyer = await tokenFor(ctx, 601);
    const op = await operator(ctx);
    // Kept and cancelled: one order of two lines; the buyer cancels the second 20 days ahead (100 %).
    const twoLines = await paidOrder(
      ctx,
      buyer,
      [line(sites[0]!.id, '2026-12-12', '2026-12-19'), line(sites[1]!.id, '2026-12-12', '2026-12-19')],
      2 * WEEK,
    );
    const [kept, cancelled] = await lineIdsOf(ctx, twoLines);
    expect((await cancel(ctx, buyer, twoLines, { line_ids: [cancelled!], confirm: true })).statusCode).toBe(
      200,
    );
    // Partly refunded before release.
    const partOrder = await paidOrder(ctx, buyer, [line(sites[2]!.id, '2026-12-14', '2026-12-21')], WEEK);
    const [part] = await lineIdsOf(ctx, partOrder);
    expect(
      (await opsRefund(ctx, op, partOrder, { amount: 1234.57, reason: 'Late mounting' })).statusCode,
    ).toBe(200);
    // Released, then refunded: recovered from the owner's next payouts.
    const lateOrder = await paidOrder(ctx, buyer, [line(sites[3]!.id, '2026-12-16', '2026-12-23')], WEEK);
    const [late] = await lineIdsOf(ctx, lateOrder);
    const latePayout = await payoutOfLine(ctx, late!);
    await ok(await opsAction(ctx, op, latePayout.id, 'release', 'Paid early by agreement'));
    expect((await opsRefund(ctx, op, lateOrder, { amount: 2000.01, reason: 'Lights off' })).statusCode).toBe(
      200,
    );
    await syncNow(ctx);

    expect(await payoutOfLine(ctx, kept!)).toMatchObject({ state: 'held', reversedPaise: 0 });
    const cancelledPayout = await payoutOfLine(ctx, cancelled!);
    expect(cancelledPayout).toMatchObject({ state: 'reversed' });
    expect(cancelledPayout.reversedPaise).toBe(cancelledPayout.sharePaise);
    const partPayout = await payoutOfLine(ctx, part!);
    expect(partPayout.state).toBe('held');
    expect(partPayout.reversedPaise).toBeGreaterThan(0);
    expect((await payoutOfLine(ctx, late!)).recoveredPaise).toBeGreaterThan(0);
    const november = await expectLedgerMatchesStatement('2026-11');
    expect(november.ledgerPaise).toBeGreaterThan(0);

    // The ledger as the owner reads it: the recovery is a negative line of the month its refund was processed.
    const mine = await ok(await call(ctx, 'GET', '/api/partner/payouts?month=2026-11', owner.token));
    expect(mine.recoveries).toHaveLength(1);
    expect(mine.recoveries[0]).toMatchObject({ line_id: late, month: '2026-11' });

    // What the provider holds for each transfer is the ledger's: share less reversals (and deductions).
    for (const id of [kept!, cancelled!, part!]) {
      const p = await payoutOfLine(ctx, id);
      const [t] = await ctx.database.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, `payout-${p.id}`));
      expect(t ? t.amountPaise - t.reversedPaise : 0).toBe(p.sharePaise - p.reversedPaise - p.deductedPaise);
    }

    // December: more refunds of November's lines count in December (negative), to the paisa.
    ctx.clock.set(new Date('2026-12-02T06:30:00Z'));
    owner = { ...owner, token: await reSignIn() };
    const op2 = await operator(ctx);
    expect(
      (await opsRefund(ctx, op2, partOrder, { amount: 999.99, reason: 'More complaints' })).statusCode,
    ).toBe(200);
    expect((await opsRefund(ctx, op2, lateOrder, { amount: 333.33, reason: 'Goodwill' })).statusCode).toBe(
      200,
    );
    const december = await expectLedgerMatchesStatement('2026-12');
    expect(december.ledgerPaise).toBeLessThan(0);
    // After release the paid line keeps its TDS (November's figure stays); the TDS on December's refunded
    // part is set off in December, where the recovery is taken from the owner's next payment.
    const lateRecoveries = await ctx.database.db
      .select()
      .from(payoutRecoveries)
      .where(eq(payoutRecoveries.payoutId, latePayout.id));
    const decemberSetOff = lateRecoveries
      .filter((r) => r.month === '2026-12')
      .reduce((sum, r) => sum + r.tdsSetOffPaise, 0);
    expect(decemberSetOff).toBeGreaterThan(0);
    const lateInDecember = december.statement.lines.find((l: { line_id: number }) => l.line_id === late);
    expect(Math.round(lateInDecember.tds * 100)).toBe(-decemberSetOff);
    // November is unchanged by December's refunds.
    expect((await expectLedgerMatchesStatement('2026-11')).ledgerPaise).toBe(november.ledgerPaise);
    const all = await ctx.database.db.select().from(payouts).where(eq(payouts.mediaOwnerId, owner.ownerId));
    for (const p of all) expect(p.reversedPaise).toBeLessThanOrEqual(p.sharePaise);
  });
});

/** The owner member's phone is the first member's of the owner; a new session at the new clock. */
async function reSignIn(): Promise<string> {
  const [m] = await ctx.database.db
    .select({ phone: users.phoneNumber })
    .from(mediaOwnerMembers)
    .innerJoin(users, eq(users.id, mediaOwnerMembers.userId))
    .where(eq(mediaOwnerMembers.mediaOwnerId, owner.ownerId));
  return tokenOf(ctx, m!.phone);
}
