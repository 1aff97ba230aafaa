import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Factory, type Owner, type Site, testJobs } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { bookings, notifications, users } from '../../db/schema.ts';
import { DAY, FROM, holdsSuite, TO } from './holds.test-setup.ts';

/** Holds (options, decision 082) through the API, as buyers use them, on the factory's sites. */
describe('holds', () => {
  let ctx: TestContext;
  let make: Factory;
  let owner: Owner;
  let site: Site;
  const { again, dayAfter, hold, book, freeFor, noticesOf, myHolds, release } = holdsSuite((s) => {
    ({ ctx, make, owner, site } = s);
  });
  it('holds free dates for HOLD_DAYS; others see the dates taken and "on hold until"; the holder lists it', async () => {
    const buyer = await make.buyer();
    const res = await hold(buyer, { product_id: site.id, from_date: FROM, to_date: TO });
    const made = expectStatus<{ id: number; status: string; expires_at: string }>(res, 201);
    expect(made.status).toBe('active');
    expect(made.expires_at).toBe(new Date(ctx.clock.now().getTime() + 3 * DAY).toISOString());

    const other = await make.buyer();
    const rival = expectStatus<{ error: { code: string; message: string } }>(
      await hold(other, { product_id: site.id, from_date: '2027-01-08', to_date: '2027-01-15' }),
      409,
    );
    expect(rival.error.code).toBe('sites_unavailable');
    expect(rival.error.message).toContain('Worli Sea Face Gantry');
    const checkout = expectStatus<{ error: { code: string; message: string } }>(await book(other), 409);
    expect(checkout.error.message).toContain('Worli Sea Face Gantry');
    expect(await freeFor(FROM, TO)).toMatchObject({ status: false });

    const product = expectStatus<{ holds: Array<object>; unavailable_dates: string[] }>(
      await make.call(null, 'GET', `/api/product/${site.id}`),
    );
    expect(product.holds).toEqual([
      { id: made.id, from_date: FROM, to_date: TO, until: made.expires_at, requested: false },
    ]);
    expect(product.unavailable_dates).toContain(FROM);
    // Free for my dates counts the hold as taken: the site is offered from the day the hold ends.
    const free = expectStatus<{ payload: { results: Array<{ id: number; free_from?: string }> } }>(
      await make.call(
        null,
        'GET',
        `/api/product/?available_from=${FROM}&available_to=${TO}&flexible=true&page_size=100`,
      ),
    );
    expect(free.payload.results.find((p) => p.id === site.id)?.free_from ?? 'none').not.toBe(FROM);

    const listed = await myHolds(buyer);
    expect(listed.results.map((h) => [h.id, h.status, h.renewable])).toEqual([[made.id, 'active', true]]);
    expect(listed.held_sites).toBe(1);
    expect((await myHolds(other)).results).toEqual([]);
    // A repeat of the same hold (a double click) answers it; nothing new is held.
    const again = expectStatus<{ id: number }>(
      await hold(buyer, { product_id: site.id, from_date: FROM, to_date: TO }),
      200,
    );
    expect(again.id).toBe(made.id);
    expectStatus(await release(buyer, made.id));
  });

  it("another buyer's hold is 404 to renew or release; signed out is 401; bad bodies are 400", async () => {
    const buyer = await make.buyer();
    const made = await make.hold(buyer, site, { from: FROM, to: TO });
    const other = await make.buyer();
    expectStatus(await make.call(other, 'POST', `/api/holds/${made.id}/renew`), 404);
    expectStatus(await release(other, made.id), 404);
    expectStatus(await make.call(other, 'POST', '/api/holds/2147483647/renew'), 404);
    expectStatus(await hold(null, { product_id: site.id, from_date: FROM, to_date: TO }), 401);
    expectStatus(await make.call(null, 'GET', '/api/holds'), 401);
    // The site's minimum booking (7 days), the 7 days' notice, an unknown site, an unknown field.
    const short = expectStatus<{ error: { message: string } }>(
      await hold(other, { product_id: site.id, from_date: '2027-01-20', to_date: '2027-01-23' }),
      400,
    );
    expect(short.error.message).toMatch(/at least 7 days/);
    expectStatus(
      await hold(other, { product_id: site.id, from_date: dayAfter(1), to_date: dayAfter(9) }),
      400,
    );
    expectStatus(await hold(other, { product_id: 2147483647, from_date: FROM, to_date: TO }), 404);
    expectStatus(
      await hold(other, { product_id: site.id, from_date: '2027-01-20', to_date: '2027-01-27', price: 1 }),
      400,
    );
    expectStatus(await release(buyer, made.id));
  });

  it('renews once (HOLD_DAYS from then); a second renewal is 409; release frees the dates at once', async () => {
    const buyer = await make.buyer();
    const made = await make.hold(buyer, site, { from: FROM, to: TO });
    ctx.clock.advance(2 * DAY);
    const buyerNow = await again(buyer);
    const renewed = expectStatus<{ expires_at: string }>(
      await make.call(buyerNow, 'POST', `/api/holds/${made.id}/renew`),
    );
    expect(renewed.expires_at).toBe(new Date(ctx.clock.now().getTime() + 3 * DAY).toISOString());
    const twice = expectStatus<{ error: { code: string } }>(
      await make.call(buyerNow, 'POST', `/api/holds/${made.id}/renew`),
      409,
    );
    expect(twice.error.code).toBe('already_renewed');
    expect((await myHolds(buyerNow)).results[0].renewable).toBe(false);

    const released = expectStatus<{ status: string }>(await release(buyerNow, made.id));
    expect(released.status).toBe('released');
    // A repeat answers the ended hold and changes nothing.
    expect(expectStatus<{ status: string }>(await release(buyerNow, made.id)).status).toBe('released');
    expect(await freeFor(FROM, TO)).toMatchObject({ status: true });
    const next = await make.buyer();
    const taken = await make.hold(next, site, { from: FROM, to: TO });
    expectStatus(await release(next, taken.id));
  });

  it('at expiry the job frees the dates, and the holder was reminded by SMS and email a day before', async () => {
    const buyer = await make.buyer();
    await ctx.database.db
      .update(users)
      .set({ email: 'planner@agency.example' })
      .where(eq(users.phoneNumber, buyer.phone));
    const made = await make.hold(buyer, site, { from: FROM, to: TO });
    const jobs = testJobs(ctx);
    await jobs.runDueJobs();
    const reminders = () =>
      ctx.database.db.select().from(notifications).where(eq(notifications.template, 'hold_expiring'));
    expect(await reminders()).toEqual([]);
    ctx.clock.advance(2 * DAY + 3_600_000);
    await jobs.runDueJobs();
    await jobs.runDueJobs();
    const sent = await reminders();
    expect(sent.map((n) => [n.channel, n.recipient]).sort()).toEqual([
      ['email', 'planner@agency.example'],
      ['sms', buyer.phone],
    ]);
    expect(sent[0].payload).toMatchObject({ siteName: 'Worli Sea Face Gantry', fromDate: FROM, toDate: TO });
    expect(await freeFor(FROM, TO)).toMatchObject({ status: false });
    ctx.clock.advance(DAY);
    await jobs.runDueJobs();
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, made.id));
    expect([row.status, row.optionEnded]).toEqual(['cancelled', 'expired']);
    const buyerNow = await again(buyer);
    expect((await myHolds(buyerNow)).results[0]).toMatchObject({ id: made.id, status: 'expired' });
    expect(await freeFor(FROM, TO)).toMatchObject({ status: true });
    const renew = expectStatus<{ error: { code: string } }>(
      await make.call(buyerNow, 'POST', `/api/holds/${made.id}/renew`),
      409,
    );
    expect(renew.error.code).toBe('hold_ended');
    // The expiry told the holder once, by SMS and email (decision 084); later passes add nothing.
    await jobs.runDueJobs();
    const ended = await noticesOf('hold_expired', [buyer.phone, 'planner@agency.example']);
    expect(ended.map((n) => [n.channel, n.recipient]).sort()).toEqual([
      ['email', 'planner@agency.example'],
      ['sms', buyer.phone],
    ]);
    expect(ended[0].payload).toMatchObject({ siteName: 'Worli Sea Face Gantry', fromDate: FROM, toDate: TO });
  });

  it('the catalogue cards and the cart say the dates are on hold, never to whom (decision 084)', async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    const list = expectStatus<{
      payload: { results: Array<{ id: number; holds?: Array<Record<string, unknown>> }> };
    }>(await make.call(null, 'GET', `/api/product/?ids=${site.id}`));
    const card = list.payload.results.find((p) => p.id === site.id);
    expect(card?.holds).toEqual([
      { id: made.id, from_date: FROM, to_date: TO, until: made.expires_at, requested: false },
    ]);
    const line = { product_id: site.id, from_date: '2027-01-08', to_date: '2027-01-15', customized: false };
    const other = expectStatus<{
      status: boolean;
      unavailable: Array<{ reason: string; held_until?: string; message: string }>;
    }>(await make.call(await make.buyer(), 'POST', '/api/booking/validate', [line]));
    expect(other.status).toBe(false);
    expect(other.unavailable[0]).toMatchObject({ reason: 'on_hold', held_until: made.expires_at });
    expect(other.unavailable[0].message).toMatch(/Another buyer holds this site .* until .* IST/);
    expect(other.unavailable[0].message).not.toContain(holder.phone);
    // The holder's own cart line is bookable: checkout turns the hold into the order.
    const own = expectStatus<{ status: boolean }>(
      await make.call(holder, 'POST', '/api/booking/validate', [{ ...line, from_date: FROM, to_date: TO }]),
    );
    expect(own.status).toBe(true);
    // A booking in the way as well is "booked", not "on hold": the hold is not the only thing to wait for.
    await ctx.database.db
      .insert(bookings)
      .values({ productId: site.id, period: '[2027-01-11,2027-01-13)', status: 'blocked' });
    const both = expectStatus<{ unavailable: Array<{ reason: string; held_until?: string }> }>(
      await make.call(null, 'POST', '/api/booking/validate', [line]),
    );
    expect(both.unavailable[0].reason).toBe('booked');
    expect(both.unavailable[0].held_until).toBeUndefined();
  });

  it("the owner's bookings list shows holds apart from paid bookings, with their end, never the holder", async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    type Page = { count: number; results: unknown[]; holds: Array<Record<string, unknown>> };
    const page = expectStatus<Page>(
      await make.call(owner.admin, 'GET', `/api/partner/bookings?site_id=${site.id}`),
    );
    expect(page.results).toEqual([]);
    expect(page.holds).toEqual([
      {
        id: made.id,
        site_id: site.id,
        site_code: expect.any(String),
        site_name: 'Worli Sea Face Gantry',
        from_date: FROM,
        to_date: TO,
        days: 7,
        expires_at: made.expires_at,
        requested: false,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain(holder.phone);
    // Not running, completed or cancelled work; outside the date filter; another owner's list: absent.
    const running = await make.call(
      owner.admin,
      'GET',
      `/api/partner/bookings?site_id=${site.id}&status=running`,
    );
    expect(expectStatus<Page>(running).holds).toEqual([]);
    const later = await make.call(owner.admin, 'GET', `/api/partner/bookings?site_id=${site.id}&from=${TO}`);
    expect(expectStatus<Page>(later).holds).toEqual([]);
    const last = await make.call(
      owner.admin,
      'GET',
      `/api/partner/bookings?site_id=${site.id}&from=2027-01-10&to=2027-01-10`,
    );
    expect(expectStatus<Page>(last).holds.map((h) => h.id)).toEqual([made.id]);
    const stranger = await make.owner();
    expect(expectStatus<Page>(await make.call(stranger.admin, 'GET', '/api/partner/bookings')).holds).toEqual(
      [],
    );
    // Asked for: it says so; released: gone.
    expectStatus(await make.call(await make.buyer(), 'POST', `/api/holds/${made.id}/request`));
    const asked = await make.call(owner.admin, 'GET', `/api/partner/bookings?site_id=${site.id}`);
    expect(expectStatus<Page>(asked).holds[0]).toMatchObject({ id: made.id, requested: true });
    expectStatus(await release(holder, made.id));
    const gone = await make.call(owner.admin, 'GET', `/api/partner/bookings?site_id=${site.id}`);
    expect(expectStatus<Page>(gone).holds).toEqual([]);
  });

  it("the holder's own checkout keeps the dates: the hold becomes the order's", async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    const order = expectStatus<{ order_id: number }>(await book(holder));
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.productId, site.id));
    const live = rows.filter((r) => r.status !== 'cancelled');
    expect(live.map((r) => [r.status, r.orderId])).toEqual([['held', order.order_id]]);
    expect(rows.find((r) => r.id === made.id)?.optionEnded).toBe('booked');
    expect((await myHolds(holder)).results.find((h) => h.id === made.id)?.status).toBe('booked');
    // Someone else still cannot take them.
    expectStatus(await hold(await make.buyer(), { product_id: site.id, from_date: FROM, to_date: TO }), 409);
  });

  it("an owner's block over a hold is refused naming it", async () => {
    const buyer = await make.buyer();
    const made = await make.hold(buyer, site, { from: FROM, to: TO });
    const res = expectStatus<{ error: { message: string } }>(
      await make.call(owner.admin, 'POST', `/api/partner/sites/${site.id}/blocks`, {
        from_date: '2027-01-06',
        to_date: '2027-01-08',
        reason: 'Repainting',
      }),
      409,
    );
    expect(res.error.message).toMatch(/On hold for a buyer/);
    expectStatus(await release(buyer, made.id));
  });

  it(`holds at most 20 sites at once (409 with a clear message); two holds of one site count once`, async () => {
    const buyer = await make.buyer();
    const sites = await Promise.all(
      Array.from({ length: 21 }, (_, i) => insertProduct(ctx.database.db, { name: `Limit Post ${i + 1}` })),
    );
    for (const s of sites.slice(0, 20)) await make.hold(buyer, s, { from: FROM, to: TO });
    await make.hold(buyer, sites[0], { from: '2027-01-20', to: '2027-01-27' });
    const over = expectStatus<{ error: { code: string; message: string } }>(
      await hold(buyer, { product_id: sites[20].id, from_date: FROM, to_date: TO }),
      409,
    );
    expect(over.error.code).toBe('too_many_holds');
    expect(over.error.message).toMatch(/already hold 20 sites.*Limit Post 21/);
    expect((await myHolds(buyer)).held_sites).toBe(20);
    const last = (await myHolds(buyer)).results.find((h) => h.product_id === sites[19].id)!;
    expectStatus(await release(buyer, last.id));
    expectStatus(await hold(buyer, { product_id: sites[20].id, from_date: FROM, to_date: TO }), 201);
  });
});
