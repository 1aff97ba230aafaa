import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unavailableDates } from './availability.service.ts';

/**
 * The booked days a buyer sees on every card and calendar: each day of the next year on which a site is
 * booked, held or blocked, in order and each once, whatever order the rows were written in. Today is
 * 2026-11-22 in IST on the test clock.
 */
describe('unavailableDates', () => {
  let ctx: TestContext;
  let a: number;
  let b: number;
  let free: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    [a, b, free] = [(await insertProduct(db)).id, (await insertProduct(db)).id, (await insertProduct(db)).id];
    // Written latest first, with a back-to-back pair and a block.
    await insertBooking(db, a, '2027-01-10', '2027-01-12');
    await insertBooking(db, b, '2026-12-30', '2027-01-02', 'blocked');
    await insertBooking(db, a, '2026-12-03', '2026-12-05');
    await insertBooking(db, a, '2026-12-01', '2026-12-03', 'held', new Date('2026-11-22T07:00:00Z'));
    // Started before today: only today onwards is shown. Cancelled: not shown.
    await insertBooking(db, b, '2026-11-20', '2026-11-24');
    await insertBooking(db, b, '2026-12-10', '2026-12-12', 'cancelled');
  });
  afterAll(() => ctx.close());

  it('lists each site’s days in order, each once, from today, without cancelled bookings', async () => {
    const dates = await unavailableDates(ctx.database.db, ctx.clock, [free, b, a, a]);
    expect(dates.get(a)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2027-01-10',
      '2027-01-11',
    ]);
    expect(dates.get(b)).toEqual(['2026-11-22', '2026-11-23', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(dates.has(free)).toBe(false);
  });

  it('drops a hold once it has expired', async () => {
    const before = ctx.clock.now();
    try {
      ctx.clock.set(new Date('2026-11-22T07:00:01Z'));
      const dates = await unavailableDates(ctx.database.db, ctx.clock, [a]);
      expect(dates.get(a)).toEqual(['2026-12-03', '2026-12-04', '2027-01-10', '2027-01-11']);
    } finally {
      ctx.clock.set(before);
    }
  });
});
