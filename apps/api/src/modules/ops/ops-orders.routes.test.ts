import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookAndPay, checkout, line, phoneOf, tokenFor } from '../../../test/api-calls.ts';
import { application } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { nextPhone, signIn } from '../../../test/otp-sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { mediaOwners, users } from '../../db/schema.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';

/**
 * GET /api/ops/orders and /api/ops/orders/{id}: three buyers' orders placed at known instants (India is
 * UTC+05:30), on sites of two media owners and one without an owner.
 */
let ctx: TestContext;
let operator: string;
const ids = { paid: 0, cash: 0, pending: 0 };
const owners = { north: 0, south: 0 };
let pendingBuyerId = 0;

const ownerRow = (companyName: string) => ({
  companyName,
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  addressLine1: '1 Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
  contactName: 'Owner',
  contactPhone: '9876500001',
  contactEmail: 'o@example.com',
  ifsc: 'HDFC0001234',
  accountNumber: '123456789012',
  status: 'approved' as const,
});

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: OPERATOR_PHONE } });
  const db = ctx.database.db;
  const [north, south] = await db
    .insert(mediaOwners)
    .values([ownerRow('North Hoardings'), ownerRow('South Signs')])
    .returning();
  owners.north = north.id;
  owners.south = south.id;
  const siteA = await insertProduct(db, { productCode: 'NORTH-001', mediaOwnerId: north.id, city: 'Delhi' });
  const siteB = await insertProduct(db, { productCode: 'SOUTH-002', mediaOwnerId: south.id });
  const siteC = await insertProduct(db, { productCode: 'PLAIN-003' });
  const named = async (n: number, firstName: string, lastName: string, company: string | null) => {
    await db
      .update(users)
      .set({ firstName, lastName, company })
      .where(eq(users.phoneNumber, phoneOf(n)));
  };

  // 12:00 on 22 November in India.
  ctx.clock.set(new Date('2026-11-22T06:30:00Z'));
  const asha = await tokenFor(ctx, 501);
  const paid = await bookAndPay(ctx, asha, [line(siteA.id, '2026-12-01', '2026-12-08')], 10_500);
  expect(paid.confirmed?.statusCode).toBe(200);
  ids.paid = paid.booked.json().order_id;
  await named(501, 'Asha', 'Rao', 'Rao Media');

  // 01:30 on 24 November in India, still the 23rd in UTC.
  ctx.clock.set(new Date('2026-11-23T20:00:00Z'));
  const vikram = await tokenFor(ctx, 502);
  const cash = await book(
    ctx,
    vikram,
    [line(siteB.id, '2026-12-10', '2026-12-17'), line(siteC.id, '2026-12-10', '2026-12-17')],
    21_000,
  );
  expect(cash.statusCode).toBe(200);
  ids.cash = cash.json().order_id;
  expect((await checkout(ctx, vikram, ids.cash, 'cash')).statusCode).toBe(200);
  await named(502, 'Vikram', 'Shah', 'Shah Ads');

  ctx.clock.set(new Date('2026-11-25T05:00:00Z'));
  const third = await tokenFor(ctx, 503);
  const pending = await book(ctx, third, [line(siteC.id, '2026-12-20', '2026-12-27')], 10_500);
  expect(pending.statusCode).toBe(200);
  ids.pending = pending.json().order_id;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.phoneNumber, phoneOf(503)));
  pendingBuyerId = row.id;
  // Tokens last an hour: the operator signs in once the clock has stopped moving.
  operator = await signIn(ctx.app, OPERATOR_PHONE);
});
afterAll(() => ctx.close());

const get = (url: string, token: string | null = operator) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const listIds = async (query: string) => {
  const res = await get(`/api/ops/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((o: { id: number }) => o.id);
};

describe('GET /api/ops/orders', () => {
  it('answers every order, newest first, with the buyer, lines and total in rupees', async () => {
    const res = await get('/api/ops/orders');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: 3, page: 1, page_size: 24 });
    expect(page.results.map((o: { id: number }) => o.id)).toEqual([ids.pending, ids.cash, ids.paid]);
    expect(page.results[1]).toMatchObject({
      id: ids.cash,
      status: 'awaiting_payment',
      payment_method: 'cash',
      total: 24_780, // ₹21,000 + CGST 9 % + SGST 9 % (what is charged)
      lines: 2,
      buyer: { name: 'Vikram Shah', company: 'Shah Ads', phone: phoneOf(502) },
      created_at: '2026-11-23T20:00:00.000Z',
      paid_at: null,
    });
    expect(page.results[2].paid_at).not.toBeNull();
  });

  it('filters by status, by India calendar days (both ends included) and by media owner', async () => {
    expect(await listIds('?status=paid')).toEqual([ids.paid]);
    expect(await listIds('?status=awaiting_payment')).toEqual([ids.cash]);
    expect(await listIds('?status=failed')).toEqual([]);
    // 20:00 UTC on the 23rd is already the 24th in India.
    expect(await listIds('?created_from=2026-11-24&created_to=2026-11-24')).toEqual([ids.cash]);
    expect(await listIds('?created_to=2026-11-23')).toEqual([ids.paid]);
    expect(await listIds('?created_from=2026-11-25')).toEqual([ids.pending]);
    expect(await listIds(`?media_owner_id=${owners.north}`)).toEqual([ids.paid]);
    expect(await listIds(`?media_owner_id=${owners.south}`)).toEqual([ids.cash]);
    expect(await listIds(`?media_owner_id=${owners.south}&status=paid`)).toEqual([]);
  });

  it('finds the buyer by id, name, company or phone in any spelling', async () => {
    expect(await listIds(`?buyer_id=${pendingBuyerId}`)).toEqual([ids.pending]);
    expect(await listIds(`?buyer=${encodeURIComponent(`id:${pendingBuyerId}`)}`)).toEqual([ids.pending]);
    expect(await listIds('?buyer=shah')).toEqual([ids.cash]);
    expect(await listIds('?buyer=Asha%20Rao')).toEqual([ids.paid]);
    expect(await listIds(`?buyer=${encodeURIComponent(`+91 ${phoneOf(501)}`)}`)).toEqual([ids.paid]);
    expect(await listIds('?buyer=nobody')).toEqual([]);
  });

  it('searches the order number, buyer and site codes; LIKE wildcards are plain text', async () => {
    expect(await listIds(`?q=${encodeURIComponent(`#${ids.cash}`)}`)).toEqual([ids.cash]);
    expect(await listIds('?q=north-0')).toEqual([ids.paid]);
    expect(await listIds('?q=PLAIN')).toEqual([ids.pending, ids.cash]);
    expect(await listIds('?q=rao%20media')).toEqual([ids.paid]);
    expect(await listIds('?q=%25')).toEqual([]);
    expect(await listIds('?q=_')).toEqual([]);
    expect(await listIds(`?q=${encodeURIComponent("'; drop table orders; --")}`)).toEqual([]);
    expect(await listIds('')).toHaveLength(3);
  });

  it('sorts by whitelisted columns both ways, the id breaking ties', async () => {
    expect(await listIds('?sort=total&direction=asc')).toEqual([ids.paid, ids.pending, ids.cash]);
    expect(await listIds('?sort=total&direction=desc')).toEqual([ids.cash, ids.pending, ids.paid]);
    expect(await listIds('?sort=status&direction=asc')).toEqual([ids.cash, ids.paid, ids.pending]);
    expect(await listIds('?sort=created_at&direction=asc')).toEqual([ids.paid, ids.cash, ids.pending]);
  });

  it('pages on the server', async () => {
    const res = await get('/api/ops/orders?page=2&page_size=2');
    expect(res.json()).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(res.json().results.map((o: { id: number }) => o.id)).toEqual([ids.paid]);
    expect((await get('/api/ops/orders?page=9&page_size=2')).json().results).toEqual([]);
  });

  it.each([
    ['sort=amount_paise', 'sort'],
    ['sort=created_at;drop%20table%20orders', 'sort'],
    ['direction=sideways', 'direction'],
    ['status=lost', 'status'],
    ['created_from=2026-02-30', 'created_from'],
    ['created_from=2026-11-25&created_to=2026-11-24', 'created_to'],
    ['media_owner_id=abc', 'media_owner_id'],
    ['buyer_id=99999999999', 'buyer_id'],
    ['page_size=101', 'page_size'],
    ['q=a%00b', 'q'],
    ['buyer=%E2%80%AEevil', 'buyer'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/ops/orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(field);
  });
});

describe('GET /api/ops/orders/{id}', () => {
  it('answers the buyer, the lines with sites, owners and booking statuses, and the payments', async () => {
    const res = await get(`/api/ops/orders/${ids.cash}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      id: ids.cash,
      status: 'awaiting_payment',
      total: 24_780, // ₹21,000 + CGST 9 % + SGST 9 % (what is charged)
      currency: 'INR',
      buyer: { name: 'Vikram Shah', company: 'Shah Ads', phone: phoneOf(502), gstin: null },
      payments: [],
    });
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({
      site: { code: 'SOUTH-002', media_owner: { id: owners.south, company_name: 'South Signs' } },
      from_date: '2026-12-10',
      to_date: '2026-12-17',
      days: 7,
      price: 10_500,
      booking_statuses: ['held'],
    });
    expect(order.items[1].site).toMatchObject({ code: 'PLAIN-003', media_owner: null });

    const paid = (await get(`/api/ops/orders/${ids.paid}`)).json().data;
    expect(paid.status).toBe('paid');
    expect(paid.items[0].site).toMatchObject({ code: 'NORTH-001', city: 'Delhi' });
    expect(paid.items[0].booking_statuses).toEqual(['confirmed']);
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ status: 'captured', amount: 12_390 });
    expect(paid.payments[0].reference).toMatch(/^pay_/);
  });

  it('answers 404 for an order that does not exist and 400 for a bad id', async () => {
    expect((await get('/api/ops/orders/999999')).statusCode).toBe(404);
    expect((await get('/api/ops/orders/abc')).statusCode).toBe(400);
    expect((await get('/api/ops/orders/99999999999')).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it("anonymous is 401 and a buyer (even the order's own) is 403", async () => {
    const buyer = await tokenFor(ctx, 501);
    for (const url of ['/api/ops/orders', `/api/ops/orders/${ids.paid}`]) {
      expect((await get(url, null)).statusCode).toBe(401);
      const res = await get(url, buyer);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Rao Media');
    }
  });
});

describe('GET /api/ops/audit filters', () => {
  it('by action, entity and actor (id or phone); an unknown actor matches nothing', async () => {
    const applicant = await signIn(ctx.app, nextPhone());
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/apply',
      headers: bearer(applicant),
      payload: application(),
    });
    const ownerId = applied.json().data.id;
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/media-owners/${ownerId}/approve`,
      headers: bearer(operator),
    });
    expect(approve.statusCode).toBe(200);
    const audit = async (query: string) => (await get(`/api/ops/audit${query}`)).json();
    const all = await audit('');
    expect(all.count).toBe(1);
    const actorId = all.results[0].actor_user_id;
    expect((await audit('?action=media_owner.approve')).count).toBe(1);
    expect((await audit('?action=media_owner.reject')).count).toBe(0);
    expect((await audit('?entity=media_owner')).count).toBe(1);
    expect((await audit('?entity=site')).count).toBe(0);
    expect((await audit(`?actor=${actorId}`)).count).toBe(1);
    expect((await audit(`?actor=${encodeURIComponent(`+91 ${OPERATOR_PHONE}`)}`)).count).toBe(1);
    expect((await audit('?actor=someone')).count).toBe(0);
    expect((await get('/api/ops/audit?actor=a%00b')).statusCode).toBe(400);
  });
});
