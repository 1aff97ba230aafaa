import { toDateAfter } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookAndPay, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory } from '../../../test/factory.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { bookings, orders } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/** Today is 2026-11-22 in IST (the test clock); buyers may start from 2026-11-29. */
let ctx: TestContext;
let make: Factory;
let n = 7000;
const next = () => {
  n += 1;
  return n;
};
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  make = factory(ctx);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
/** `lastDay` as the owner picks it; the API takes the day after (to_date is exclusive, like every to_date). */
const block = (
  token: string | undefined,
  siteId: number,
  from: string,
  lastDay: string,
  reason = 'Maintenance',
) =>
  call('POST', `/api/partner/sites/${siteId}/blocks`, token, {
    from_date: from,
    to_date: toDateAfter(lastDay),
    reason,
  });
const owner = () => make.ownerRow();
const buyer = () => tokenFor(ctx, next());
const rowsOf = (siteId: number) =>
  ctx.database.db.select().from(bookings).where(eq(bookings.productId, siteId)).orderBy(bookings.id);

describe('POST /api/partner/sites/{id}/blocks', () => {
  it('blocks inclusive days: listed, in unavailable_dates, refused by availability and by a booking', async () => {
    const a = await owner();
    const site = await make.siteRow(a, { name: 'Blocked Bridge' });
    const res = await block(a.admin.token, site.id, '2026-12-05', '2026-12-07', 'Repainting');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      site_id: site.id,
      from_date: '2026-12-05',
      // Exclusive, as sent: the last day blocked is 7 Dec.
      to_date: '2026-12-08',
      reason: 'Repainting',
    });
    const [row] = await rowsOf(site.id);
    expect(row).toMatchObject({
      status: 'blocked',
      period: '[2026-12-05,2026-12-08)',
      blockedByUserId: a.userId,
    });
    expect(row.orderId).toBeNull();

    const list = await call('GET', `/api/partner/sites/${site.id}/blocks`, a.admin.token);
    expect(list.json().data).toEqual([created]);

    const product = await call('GET', `/api/product/${site.id}`);
    expect(product.json().unavailable_dates).toEqual(['2026-12-05', '2026-12-06', '2026-12-07']);

    const avail = await call('POST', '/api/booking/booking_availability_check_multiple', undefined, [
      { product_id: site.id, from_date: '2026-12-01', to_date: '2026-12-06' },
      { product_id: site.id, from_date: '2026-12-08', to_date: '2026-12-15' },
    ]);
    expect(avail.json().data.map((d: { status: boolean }) => d.status)).toEqual([false, true]);

    const token = await buyer();
    const refused = await book(ctx, token, [line(site.id, '2026-12-01', '2026-12-08')], 10_500);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('sites_unavailable');
    expect(refused.json().error.message).toContain('Blocked Bridge');
    // The day after the block is free: [8, 15) does not touch [5, 8).
    const after = await book(ctx, token, [line(site.id, '2026-12-08', '2026-12-15')], 10_500);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses a block over a paid booking, naming the order, and writes nothing', async () => {
    const a = await owner();
    const site = await make.siteRow(a);
    const { confirmed } = await bookAndPay(
      ctx,
      await buyer(),
      [line(site.id, '2026-12-05', '2026-12-12')],
      10_500,
    );
    expect(confirmed?.statusCode).toBe(200);
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.status, 'paid'))
      .orderBy(orders.id);
    const before = await rowsOf(site.id);
    const res = await block(a.admin.token, site.id, '2026-12-11', '2026-12-20');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('dates_taken');
    expect(res.json().error.message).toMatch(/Booked by order #\d+ from 5 Dec 2026 to 11 Dec 2026/);
    expect(order).toBeDefined();
    expect(await rowsOf(site.id)).toEqual(before);
    // Back to back with the booking [5, 12) is fine.
    expect((await block(a.admin.token, site.id, '2026-12-12', '2026-12-20')).statusCode).toBe(201);
  });

  it("refuses a block over a live hold ('Held in a buyer's cart until ...'); once the hold lapses it blocks", async () => {
    const a = await owner();
    const site = await make.siteRow(a);
    const held = await book(ctx, await buyer(), [line(site.id, '2026-12-05', '2026-12-12')], 10_500);
    expect(held.statusCode).toBe(200);
    const res = await block(a.admin.token, site.id, '2026-12-01', '2026-12-05');
    expect(res.statusCode).toBe(409);
    // The clock is 06:30 UTC, 12:00 IST; the hold lasts 15 minutes.
    expect(res.json().error.message).toContain("Held in a buyer's cart until 12:15");
    const start = ctx.clock.now();
    ctx.clock.set(new Date(start.getTime() + 16 * 60_000));
    try {
      const later = await block(a.admin.token, site.id, '2026-12-01', '2026-12-05');
      expect(later.statusCode, later.body).toBe(201);
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, held.json().order_id));
      expect(order.status).toBe('expired');
    } finally {
      ctx.clock.set(start);
    }
  });

  it('refuses a block over another block; one Idempotency-Key makes one block', async () => {
    const a = await owner();
    const site = await make.siteRow(a);
    const headers = { 'idempotency-key': 'block-key-0001' };
    const body = { from_date: '2026-12-05', to_date: '2026-12-07', reason: 'Sold offline' };
    const first = await call('POST', `/api/partner/sites/${site.id}/blocks`, a.admin.token, body, headers);
    const again = await call('POST', `/api/partner/sites/${site.id}/blocks`, a.admin.token, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(site.id)).toHaveLength(1);
    const other = await block(a.admin.token, site.id, '2026-12-06', '2026-12-09');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toContain(
      'Already blocked from 5 Dec 2026 to 6 Dec 2026 (Sold offline)',
    );
  });

  it.each([
    ['a start in the past', { from_date: '2026-11-21', to_date: '2026-11-25' }, 'from_date'],
    ['an end past 365 days', { from_date: '2027-11-20', to_date: '2027-11-24' }, 'to_date'],
    ['no day at all (to_date is exclusive)', { from_date: '2026-12-05', to_date: '2026-12-05' }, 'to_date'],
    ['an end before the start', { from_date: '2026-12-05', to_date: '2026-12-04' }, 'to_date'],
    ['no reason', { from_date: '2026-12-05', to_date: '2026-12-06', reason: ' ' }, 'reason'],
    ['a hostile reason', { from_date: '2026-12-05', to_date: '2026-12-06', reason: 'a\u0000b' }, 'reason'],
    [
      'a huge reason',
      { from_date: '2026-12-05', to_date: '2026-12-06', reason: 'x'.repeat(100_000) },
      'reason',
    ],
    ['a bad date', { from_date: '2026-02-30', to_date: '2026-12-06' }, 'from_date'],
  ])('%s is 400 naming the field, nothing written', async (_name, change, field) => {
    const a = await owner();
    const site = await make.siteRow(a);
    const res = await call('POST', `/api/partner/sites/${site.id}/blocks`, a.admin.token, {
      reason: 'Works',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect(await rowsOf(site.id)).toHaveLength(0);
  });

  it('today is allowed; the last allowed day is today + 365', async () => {
    const a = await owner();
    const site = await make.siteRow(a);
    expect((await block(a.admin.token, site.id, '2026-11-22', '2026-11-22')).statusCode).toBe(201);
    expect((await block(a.admin.token, site.id, '2027-11-20', '2027-11-22')).statusCode).toBe(201);
  });
});

describe('DELETE /api/partner/sites/{id}/blocks/{blockId}', () => {
  it('lifts a block (the days are free again); a booking is never lifted; twice is 404', async () => {
    const a = await owner();
    const site = await make.siteRow(a);
    const created = (await block(a.admin.token, site.id, '2026-12-05', '2026-12-07')).json().data;
    const held = await book(ctx, await buyer(), [line(site.id, '2026-12-10', '2026-12-17')], 10_500);
    const holdRow = (await rowsOf(site.id)).find((r) => r.status === 'held')!;
    expect(held.statusCode).toBe(200);
    expect(
      (await call('DELETE', `/api/partner/sites/${site.id}/blocks/${holdRow.id}`, a.admin.token)).statusCode,
    ).toBe(404);
    const del = await call('DELETE', `/api/partner/sites/${site.id}/blocks/${created.id}`, a.admin.token);
    expect(del.statusCode).toBe(204);
    expect(
      (await call('DELETE', `/api/partner/sites/${site.id}/blocks/${created.id}`, a.admin.token)).statusCode,
    ).toBe(404);
    expect((await rowsOf(site.id)).map((r) => r.status)).toEqual(['cancelled', 'held']);
    expect((await call('GET', `/api/product/${site.id}`)).json().unavailable_dates).not.toContain(
      '2026-12-05',
    );
  });
});

describe('who may block', () => {
  it('anonymous 401; a buyer, an operator and a pending owner 403; another owner 404 on every call', async () => {
    const a = await owner();
    const b = await owner();
    const site = await make.siteRow(a);
    const created = (await block(a.admin.token, site.id, '2026-12-05', '2026-12-07')).json().data;
    const pending = await make.ownerRow({ status: 'pending' });
    const rejected = await make.ownerRow({ status: 'rejected' });
    const operator = await signedInToken(ctx, OPERATOR_PHONE);
    const urls = [
      ['GET', `/api/partner/sites/${site.id}/blocks`],
      ['POST', `/api/partner/sites/${site.id}/blocks`],
      ['DELETE', `/api/partner/sites/${site.id}/blocks/${created.id}`],
    ] as const;
    const body = { from_date: '2026-12-20', to_date: '2026-12-22', reason: 'Mine now' };
    for (const [method, url] of urls) {
      const payload = method === 'POST' ? body : undefined;
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, await buyer(), payload)).statusCode).toBe(403);
      expect((await call(method, url, operator, payload)).statusCode).toBe(403);
      expect((await call(method, url, pending.admin.token, payload)).statusCode).toBe(403);
      expect((await call(method, url, rejected.admin.token, payload)).statusCode).toBe(403);
      expect((await call(method, url, b.admin.token, payload)).statusCode).toBe(404);
    }
    // B's own site with A's block id: still 404, and A's block stands.
    const bSite = await make.siteRow(b);
    expect(
      (await call('DELETE', `/api/partner/sites/${bSite.id}/blocks/${created.id}`, b.admin.token)).statusCode,
    ).toBe(404);
    expect((await rowsOf(site.id)).map((r) => r.status)).toEqual(['blocked']);
    // A site without an owner (the old catalogue) is nobody's.
    const orphan = await make.siteRow(a, { mediaOwnerId: null });
    expect((await block(a.admin.token, orphan.id, '2026-12-05', '2026-12-07')).statusCode).toBe(404);
  });
});
