import { addDays, todayIst } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertStandardCampaign } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { bookings, orderItems, orders } from '../../db/schema.ts';
import {
  call,
  createSitesTestApp,
  mediaOwner,
  nextSitesPhone,
  ok,
  siteIn,
  tokenOf,
} from './sites.test-helpers.ts';

/**
 * Buyers see only live sites (docs/product-rules.md section 8): every catalogue read, campaigns, availability and
 * booking; a paused site keeps its bookings; a price change applies to orders placed after it.
 */
let ctx: TestContext;
let owner: { token: string; ownerId: number };
const ids: Record<'live' | 'paused' | 'draft' | 'pending' | 'rejected', number> = {
  live: 0,
  paused: 0,
  draft: 0,
  pending: 0,
  rejected: 0,
};
beforeAll(async () => {
  ctx = await createSitesTestApp();
  owner = await mediaOwner(ctx);
  for (const status of Object.keys(ids) as Array<keyof typeof ids>) {
    // Each status in a state of its own, so the filter panel shows which ones reach buyers.
    ids[status] = await siteIn(ctx, owner.token, status, {
      name: `Marker ${status} site`,
      state: `State ${status}`,
    });
  }
});
afterAll(() => ctx.close());

const hidden = () => [ids.paused, ids.draft, ids.pending, ids.rejected];
const week = (startIn = 30) => {
  const from = addDays(todayIst(ctx.clock.now()), startIn);
  return { from_date: from, to_date: addDays(from, 7) };
};
const line = (productId: number, startIn = 30) => ({
  product_id: productId,
  ...week(startIn),
  campaign_id: null,
  customized: false,
});

describe('only live sites reach buyers', () => {
  it('product list, search, ids lookup and detail', async () => {
    const list = await ok(await call(ctx, 'GET', '/api/product/?search=Marker&page_size=100'));
    expect(list.payload.results.map((p: { id: number }) => p.id)).toEqual([ids.live]);
    expect(list.payload.count).toBe(1);
    const byIds = await ok(
      await call(ctx, 'GET', `/api/product/?ids=${Object.values(ids).join(',')}&page_size=100`),
    );
    expect(byIds.payload.results.map((p: { id: number }) => p.id)).toEqual([ids.live]);
    const lookup = await ok(await call(ctx, 'GET', `/api/product/ids?search=Marker`));
    expect(lookup).toEqual({ count: 1, ids: [ids.live] });
    expect((await call(ctx, 'GET', `/api/product/${ids.live}`)).statusCode).toBe(200);
    for (const id of hidden()) expect((await call(ctx, 'GET', `/api/product/${id}`)).statusCode).toBe(404);
  });

  it('the filter panel offers only live sites’ values', async () => {
    const filters = await ok(await call(ctx, 'GET', '/api/fetch_filter_params/'));
    const states = filters.filters.find((f: { name: string }) => f.name === 'state').values as string[];
    expect(states).toContain('State live');
    for (const s of ['paused', 'draft', 'pending', 'rejected']) expect(states).not.toContain(`State ${s}`);
  });

  it('campaigns show only their live sites; a customized campaign cannot take a hidden one', async () => {
    const campaign = await insertStandardCampaign(ctx.database.db, [ids.live, ids.paused, ids.draft]);
    const view = await ok(await call(ctx, 'GET', `/api/campaign/${campaign.id}`));
    expect(view.products.map((e: { product: { id: number } }) => e.product.id)).toEqual([ids.live]);
    expect(view.total_locations).toBe(1);
    const buyer = await tokenOf(ctx, nextSitesPhone());
    const made = await call(ctx, 'POST', '/api/create_customized_campaign/', buyer, {
      name: 'Plan',
      products: [{ product_id: ids.live }, { product_id: ids.paused }],
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().error.message).toMatch(/Not available right now: Marker paused site/);
    // Saving a standard campaign with a hidden site in it dates only the live ones.
    const saved = await call(ctx, 'POST', '/api/save_campaign/', buyer, {
      campaign_id: campaign.id,
      products: [{ product_id: ids.live, ...week() }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('availability says not free; validate says not_listed; booking is a 409 naming the site', async () => {
    const check = await ok(
      await call(ctx, 'POST', '/api/booking/booking_availability_check_multiple', undefined, [
        line(ids.live),
        line(ids.paused),
      ]),
    );
    expect(check.data ?? check).toEqual(
      expect.arrayContaining([
        { product_id: ids.live, status: true },
        { product_id: ids.paused, status: false },
      ]),
    );
    const validate = await ok(
      await call(ctx, 'POST', '/api/booking/validate', undefined, [line(ids.pending)]),
    );
    expect(validate.unavailable[0]).toMatchObject({ reason: 'not_listed', name: 'Marker pending site' });
    const buyer = await tokenOf(ctx, nextSitesPhone());
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n;
    const book = await call(ctx, 'POST', '/api/booking/book', buyer, {
      amount: 4500 * 7,
      data: [line(ids.paused)],
    });
    expect(book.statusCode).toBe(409);
    expect(book.json().error).toMatchObject({ code: 'sites_unavailable' });
    expect(book.json().error.message).toMatch(/Marker paused site is not taking bookings/);
    expect((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n).toBe(before);
  });

  it('pausing drops the site from cached catalogue answers at once; its bookings stay', async () => {
    const id = await siteIn(ctx, owner.token, 'live', { name: 'Cached Marker' });
    const buyer = await tokenOf(ctx, nextSitesPhone());
    const order = await ok(
      await call(ctx, 'POST', '/api/booking/book', buyer, { amount: 4500 * 7, data: [line(id, 60)] }),
    );
    const url = '/api/product/?search=Cached%20Marker';
    // On PostgreSQL the change notice travels over another connection: wait for it (as catalogue-cache.test).
    const waitForChange = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
    await waitForChange(async () => {
      expect((await ok(await call(ctx, 'GET', url))).payload.count).toBe(1);
      expect((await call(ctx, 'GET', url)).headers['x-cache']).toBe('hit');
    });
    await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/status`, owner.token, { action: 'pause' }));
    await waitForChange(async () => expect((await ok(await call(ctx, 'GET', url))).payload.count).toBe(0));
    expect((await call(ctx, 'GET', `/api/product/${id}`)).statusCode).toBe(404);
    const held = await ctx.database.db
      .select()
      .from(bookings)
      .where(sql`${bookings.orderId} = ${order.order_id}`);
    expect(held.map((b) => b.status)).toEqual(['held']);
    await ok(await call(ctx, 'POST', `/api/partner/sites/${id}/status`, owner.token, { action: 'resume' }));
    await waitForChange(async () => expect((await ok(await call(ctx, 'GET', url))).payload.count).toBe(1));
  });
});

describe('a price change applies to orders placed after it', () => {
  it('an order placed before keeps its amount; one placed after pays the new price', async () => {
    const id = await siteIn(ctx, owner.token, 'live', { price: 1000 });
    const before = await ok(
      await call(ctx, 'POST', '/api/booking/book', await tokenOf(ctx, nextSitesPhone()), {
        amount: 7000,
        data: [line(id, 40)],
      }),
    );
    await ok(await call(ctx, 'PATCH', `/api/partner/sites/${id}`, owner.token, { price: 2000 }));
    const stale = await call(ctx, 'POST', '/api/booking/book', await tokenOf(ctx, nextSitesPhone()), {
      amount: 7000,
      data: [line(id, 80)],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('price_changed');
    const after = await ok(
      await call(ctx, 'POST', '/api/booking/book', await tokenOf(ctx, nextSitesPhone()), {
        amount: 14000,
        data: [line(id, 80)],
      }),
    );
    expect(after.amount).toBe(14000);
    const rows = await ctx.database.db
      .select({ orderId: orders.id, amount: orders.amountPaise, line: orderItems.pricePaise })
      .from(orders)
      .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
      .where(sql`${orders.id} in (${before.order_id}, ${after.order_id})`)
      .orderBy(orders.id);
    expect(rows).toEqual([
      { orderId: before.order_id, amount: 700_000, line: 700_000 },
      { orderId: after.order_id, amount: 1_400_000, line: 1_400_000 },
    ]);
  });
});
