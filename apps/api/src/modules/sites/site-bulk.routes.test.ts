import { addDays, todayIst } from '@ooh/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { bookings, products } from '../../db/schema.ts';
import { call, createSitesTestApp, mediaOwner, ok } from './sites.test-helpers.ts';

/** POST /api/partner/sites/bulk (docs/product-rules.md section 17, decision 046): one action on many sites, all or nothing. */

let ctx: TestContext;
let owner: { token: string; ownerId: number };
let rival: { token: string; ownerId: number };
beforeAll(async () => {
  ctx = await createSitesTestApp();
  owner = await mediaOwner(ctx);
  rival = await mediaOwner(ctx);
});
afterAll(() => ctx.close());

const sitesOf = async (n: number, status: 'live' | 'paused' = 'live', ownerId = owner.ownerId) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(
      (await insertProduct(ctx.database.db, { mediaOwnerId: ownerId, status, pricePaise: 114_850 })).id,
    );
  }
  return ids;
};
const rowsOf = (ids: number[]) => ctx.database.db.select().from(products).where(inArray(products.id, ids));
const bulk = (body: unknown, token = owner.token) =>
  call(ctx, 'POST', '/api/partner/sites/bulk', token, body);

describe('POST /api/partner/sites/bulk', () => {
  it('sets weekly and four-weekly rates and the minimum booking on many sites, each checked against its daily price (decision 090)', async () => {
    const ids = await sitesOf(3);
    const res = await ok(
      await bulk({
        action: 'rates',
        site_ids: ids,
        weekly_price: 1000,
        four_weekly_price: 900,
        booking_duration: 14,
      }),
    );
    expect(res.data).toEqual({ action: 'rates', updated: 3, site_ids: ids });
    for (const row of await rowsOf(ids)) {
      expect([row.weeklyPricePaise, row.fourWeeklyPricePaise, row.minDays]).toEqual([100_000, 90_000, 14]);
    }
    // Above the daily price (₹1,148.50), or four-weekly above weekly: a 400 naming the field and the site.
    const dear = await bulk({ action: 'rates', site_ids: ids, weekly_price: 1200 });
    expect(dear.statusCode).toBe(400);
    expect(Object.keys(dear.json().error.fields)).toEqual(['weekly_price']);
    const upside = await bulk({ action: 'rates', site_ids: ids, four_weekly_price: 1100 });
    expect(upside.statusCode).toBe(400);
    expect(Object.keys(upside.json().error.fields)).toEqual(['four_weekly_price']);
    const nothing = await bulk({ action: 'rates', site_ids: ids });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toHaveProperty('weekly_price');
    // All or nothing: the refused changes left every site as it was.
    expect((await rowsOf(ids)).every((r) => r.weeklyPricePaise === 100_000)).toBe(true);
    // null clears a rate.
    await ok(await bulk({ action: 'rates', site_ids: ids, weekly_price: null, four_weekly_price: null }));
    expect((await rowsOf(ids)).every((r) => r.weeklyPricePaise === null && r.minDays === 14)).toBe(true);
    const theirs = await bulk({ action: 'rates', site_ids: ids, weekly_price: 900 }, rival.token);
    expect(theirs.statusCode).toBe(404);
  });

  it('sets a price on 50 sites at once, or changes each by a percent (whole rupees)', async () => {
    const ids = await sitesOf(50);
    const res = await ok(await bulk({ action: 'price', site_ids: ids, price: 2000 }));
    expect(res.data).toEqual({ action: 'price', updated: 50, site_ids: ids });
    expect((await rowsOf(ids)).every((r) => r.pricePaise === 200_000)).toBe(true);
    await ok(await bulk({ action: 'price', site_ids: ids.slice(0, 2), percent: -12.5 }));
    expect((await rowsOf(ids.slice(0, 2))).map((r) => r.pricePaise)).toEqual([175_000, 175_000]);
  });

  it('pauses and resumes; a site the move cannot apply to is listed in a 409 and nothing changes', async () => {
    const live = await sitesOf(2);
    const [draft] = await sitesOf(1);
    await ctx.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft));
    const refused = await bulk({ action: 'pause', site_ids: [...live, draft] });
    expect(refused.statusCode).toBe(409);
    const error = refused.json().error;
    expect(error.message).toMatch(/1 of the selected sites cannot be changed, so none was/);
    expect(error.fields).toEqual({
      'site_ids.2': expect.stringMatching(/only a live site can be paused; this one is draft/),
    });
    expect((await rowsOf(live)).map((r) => r.status)).toEqual(['live', 'live']);
    expect((await ok(await bulk({ action: 'pause', site_ids: live }))).data.updated).toBe(2);
    // Again (a double click): nothing left to pause, no error.
    expect((await ok(await bulk({ action: 'pause', site_ids: live }))).data.updated).toBe(0);
    expect((await ok(await bulk({ action: 'resume', site_ids: live }))).data.updated).toBe(2);
  });

  it('blocks the same dates on many sites (to_date exclusive); a booked site is listed and nothing is blocked', async () => {
    const ids = await sitesOf(3);
    const from = addDays(todayIst(ctx.clock.now()), 20);
    await ctx.database.db.insert(bookings).values({
      productId: ids[1],
      period: `[${addDays(from, 2)},${addDays(from, 4)})`,
      status: 'blocked',
      blockReason: 'Repairs',
    });
    const blocksOf = async () =>
      (await ctx.database.db.select().from(bookings).where(inArray(bookings.productId, ids))).length;
    const refused = await bulk({
      action: 'block',
      site_ids: ids,
      from_date: from,
      to_date: addDays(from, 7),
      reason: 'Diwali sale offline',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('dates_taken');
    expect(Object.keys(refused.json().error.fields)).toEqual(['site_ids.1']);
    expect(refused.json().error.fields['site_ids.1']).toMatch(/Already blocked .*\(Repairs\)/);
    expect(await blocksOf()).toBe(1);
    const done = await ok(
      await bulk({
        action: 'block',
        site_ids: [ids[0], ids[2]],
        from_date: from,
        to_date: addDays(from, 7),
        reason: 'Diwali sale offline',
      }),
    );
    expect(done.data.updated).toBe(2);
    const blocks = await ctx.database.db.select().from(bookings).where(eq(bookings.productId, ids[0]));
    expect(blocks[0].period).toBe(`[${from},${addDays(from, 7)})`);
  });

  it("another owner's site is a 404 and nothing changes; bad input 400", async () => {
    const mine = await sitesOf(1);
    const theirs = await sitesOf(1, 'live', rival.ownerId);
    expect((await bulk({ action: 'price', site_ids: [...mine, ...theirs], price: 1 })).statusCode).toBe(404);
    expect((await rowsOf(mine))[0].pricePaise).toBe(114_850);
    for (const body of [
      { action: 'price', site_ids: mine },
      { action: 'price', site_ids: mine, price: 10, percent: 5 },
      { action: 'price', site_ids: [], price: 10 },
      { action: 'paint', site_ids: mine },
      { action: 'block', site_ids: mine, from_date: '2027-01-05', to_date: '2027-01-05', reason: 'x' },
    ]) {
      expect((await bulk(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
