import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookAndPay, line } from '../../../test/api-calls.ts';
import { type Factory, factory, type OwnerRow } from '../../../test/factory.ts';
import { paidOrder } from '../../../test/refund-calls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

/** Today is 2026-11-22 in IST (the test clock). */
let ctx: TestContext;
let make: Factory;
let n = 8000;
const next = () => {
  n += 1;
  return n;
};
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** A buyer with a company, an email and a phone the owner must never see. */
async function buyerOf(company: string | null) {
  const k = next();
  const who = await make.buyer();
  await ctx.database.db
    .update(users)
    .set({ company, firstName: 'Meera', lastName: 'Iyer', email: `meera${k}@example.com` })
    .where(eq(users.phoneNumber, who.phone));
  return { token: who.token, phone: who.phone, email: `meera${k}@example.com` };
}

let a: OwnerRow;
let b: OwnerRow;
let siteA1: { id: number; productCode: string };
let siteA2: { id: number };
let siteB: { id: number };
let paidOrderId: number;
let buyer: Awaited<ReturnType<typeof buyerOf>>;

beforeAll(async () => {
  ctx = await createTestApp();
  make = factory(ctx);
  a = await make.ownerRow();
  b = await make.ownerRow();
  siteA1 = await make.siteRow(a, { name: 'Andheri Gantry' });
  siteA2 = await make.siteRow(a, { name: 'Bandra Hoarding' });
  siteB = await make.siteRow(b, { name: 'Rival Bridge' });
  buyer = await buyerOf('=HYPERLINK("http://x","Acme, Ltd")');
  const paid = await bookAndPay(ctx, buyer.token, [line(siteA1.id, '2026-12-05', '2026-12-12')], 10_500);
  expect(paid.confirmed?.statusCode).toBe(200);
  paidOrderId = paid.booked.json().order_id;
  // A second paid line in January, of a buyer without a company.
  const plain = await buyerOf(null);
  expect(
    (await bookAndPay(ctx, plain.token, [line(siteA2.id, '2027-01-10', '2027-01-17')], 10_500)).confirmed
      ?.statusCode,
  ).toBe(200);
  // A live hold on A2 in December, a block on A1, and B's own booking.
  expect(
    (await book(ctx, (await buyerOf('Holdco')).token, [line(siteA2.id, '2026-12-20', '2026-12-27')], 10_500))
      .statusCode,
  ).toBe(200);
  const blocked = await ctx.app.inject({
    method: 'POST',
    url: `/api/partner/sites/${siteA1.id}/blocks`,
    headers: bearer(a.admin.token),
    // 28 Dec to 2 Jan: to_date is the day after the last day.
    payload: { from_date: '2026-12-28', to_date: '2027-01-03', reason: 'Repainting' },
  });
  expect(blocked.statusCode).toBe(201);
  expect(
    (
      await bookAndPay(
        ctx,
        (
          await buyerOf('Other')
        ).token,
        [line(siteB.id, '2026-12-05', '2026-12-12')],
        10_500,
      )
    ).confirmed?.statusCode,
  ).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/partner/calendar', () => {
  it("answers the month's bookings, holds and blocks across the owner's sites, labelled, without others'", async () => {
    const res = await get('/api/partner/calendar?month=2026-12', a.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const cal = res.json().data;
    expect(cal).toMatchObject({
      month: '2026-12',
      from_date: '2026-12-01',
      to_date: '2027-01-01',
      sites_count: 2,
    });
    expect(cal.sites.map((s: { name: string }) => s.name)).toEqual(['Andheri Gantry', 'Bandra Hoarding']);
    const brief = cal.entries.map((e: Record<string, unknown>) => [
      e.kind,
      e.site_id,
      e.start_date,
      e.end_date,
      e.label,
    ]);
    expect(brief).toEqual([
      [
        'booking',
        siteA1.id,
        '2026-12-05',
        '2026-12-11',
        `Order #${paidOrderId} · =HYPERLINK("http://x","Acme, Ltd")`,
      ],
      ['block', siteA1.id, '2026-12-28', '2027-01-02', 'Repainting'],
      ['hold', siteA2.id, '2026-12-20', '2026-12-26', 'Held until 12:15'],
    ]);
    expect(cal.entries[2].hold_expires_at).toBe('2026-11-22T06:45:00.000Z');
    expect(res.body).not.toContain(buyer.phone);
    expect(res.body).not.toContain(buyer.email);
    expect(res.body).not.toContain('Rival');
  });

  it('one site; January shows the block running over and the company-less buyer by name', async () => {
    const jan = (await get(`/api/partner/calendar?month=2027-01&site_id=${siteA2.id}`, a.admin.token)).json()
      .data;
    expect(jan.sites).toHaveLength(1);
    expect(jan.entries.map((e: { label: string }) => e.label)).toEqual([
      expect.stringMatching(/^Order #\d+ · Meera Iyer$/),
    ]);
    const a1 = (await get(`/api/partner/calendar?month=2027-01&site_id=${siteA1.id}`, a.admin.token)).json()
      .data;
    expect(a1.entries.map((e: { kind: string }) => e.kind)).toEqual(['block']);
  });

  it('a lapsed hold is not shown; pages of sites are bounded', async () => {
    const start = ctx.clock.now();
    ctx.clock.set(new Date(start.getTime() + 20 * 60_000));
    try {
      const cal = (await get('/api/partner/calendar?month=2026-12&page_size=1&page=2', a.admin.token)).json()
        .data;
      expect(cal).toMatchObject({ sites_count: 2, page: 2, page_size: 1 });
      expect(cal.sites.map((s: { id: number }) => s.id)).toEqual([siteA2.id]);
      expect(cal.entries).toEqual([]);
    } finally {
      ctx.clock.set(start);
    }
    expect((await get('/api/partner/calendar?month=2026-12&page_size=101', a.admin.token)).statusCode).toBe(
      400,
    );
  });

  it.each(['2026-13', '2026-1', 'december', '2026-12-01', ''])('month=%s is 400', async (month) => {
    expect((await get(`/api/partner/calendar?month=${month}`, a.admin.token)).statusCode).toBe(400);
  });

  it("anonymous 401, a buyer 403, another owner's site 404", async () => {
    expect((await get('/api/partner/calendar?month=2026-12')).statusCode).toBe(401);
    expect((await get('/api/partner/calendar?month=2026-12', buyer.token)).statusCode).toBe(403);
    expect(
      (await get(`/api/partner/calendar?month=2026-12&site_id=${siteB.id}`, a.admin.token)).statusCode,
    ).toBe(404);
    const bCal = (await get('/api/partner/calendar?month=2026-12', b.admin.token)).json().data;
    expect(bCal.entries.map((e: { site_id: number }) => e.site_id)).toEqual([siteB.id]);
  });
});

describe('GET /api/partner/bookings (and .csv)', () => {
  it("lists paid lines on own sites only: buyer's company, dates, amount in rupees, status; no phone or email", async () => {
    const res = await get('/api/partner/bookings', a.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({
      order_id: paidOrderId,
      site_id: siteA1.id,
      site_code: siteA1.productCode,
      site_name: 'Andheri Gantry',
      buyer_company: '=HYPERLINK("http://x","Acme, Ltd")',
      buyer_name: 'Meera Iyer',
      from_date: '2026-12-05',
      to_date: '2026-12-12',
      days: 7,
      amount: 10_500,
      status: 'upcoming',
    });
    expect(page.results[1]).toMatchObject({ site_name: 'Bandra Hoarding', buyer_company: 'Meera Iyer' });
    expect(res.body).not.toContain(buyer.phone);
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain('Rival');
  });

  it('filters by site, by date range and by status, and pages', async () => {
    const ids = async (q: string) =>
      (await get(`/api/partner/bookings?${q}`, a.admin.token))
        .json()
        .results.map((r: { site_id: number }) => r.site_id);
    expect(await ids(`site_id=${siteA2.id}`)).toEqual([siteA2.id]);
    expect(await ids('from=2026-12-11&to=2026-12-31')).toEqual([siteA1.id]);
    // [5, 12) does not run on the 12th.
    expect(await ids('from=2026-12-12&to=2026-12-31')).toEqual([]);
    expect(await ids('status=upcoming')).toHaveLength(2);
    expect(await ids('status=completed')).toEqual([]);
    expect(await ids('page=2&page_size=1')).toEqual([siteA2.id]);
    expect(await ids(`site_id=${siteB.id}`)).toEqual([]);
    expect((await get('/api/partner/bookings?from=2026-12-31&to=2026-12-01', a.admin.token)).statusCode).toBe(
      400,
    );
    expect((await get('/api/partner/bookings?status=paid', a.admin.token)).statusCode).toBe(400);
  });

  it('exports CSV as an attachment, quoted and safe against formulas', async () => {
    for (const url of ['/api/partner/bookings.csv', '/api/partner/bookings?format=csv&page_size=1']) {
      const res = await get(url, a.admin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-2026-11-22.csv"');
      // UTF-8 with a byte-order mark, so Excel reads ₹ and Indian-script names as written.
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Order,Line,Site code,Site,Buyer company,Buyer name,First day,Last day,Days,"Amount (INR, excl. GST)",Status,Paid at (IST)',
      );
      // Paid at 06:30 UTC on 22 Nov: the spreadsheet reads the IST moment, never the UTC one.
      expect(lines[1]).toMatch(/,upcoming,2026-11-22 12:00:00$/);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(
        `"'=HYPERLINK(""http://x"",""Acme, Ltd"")",Meera Iyer,2026-12-05,2026-12-11,7,10500.00,upcoming`,
      );
      expect(res.body).not.toContain(buyer.phone);
    }
    const none = await get(`/api/partner/bookings.csv?site_id=${siteB.id}`, a.admin.token);
    expect(none.body.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('anonymous 401, a buyer 403', async () => {
    for (const url of ['/api/partner/bookings', '/api/partner/bookings.csv']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, buyer.token)).statusCode).toBe(403);
    }
  });
});

describe('a cancelled line on the owner pages (issue 19)', () => {
  it('reads "cancelled" at once in the bookings list and CSV, never upcoming; the calendar frees its days', async () => {
    const who = await buyerOf('Cancel Co');
    // A real sandbox payment, so that the refund goes through the provider.
    const orderId = await paidOrder(ctx, who.token, [line(siteA1.id, '2027-01-05', '2027-01-12')], 10_500);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: bearer(who.token),
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const rows = (
      await get(`/api/partner/bookings?site_id=${siteA1.id}&from=2027-01-01`, a.admin.token)
    ).json().results;
    expect(rows).toEqual([expect.objectContaining({ order_id: orderId, status: 'cancelled' })]);
    const upcoming = (await get('/api/partner/bookings?status=upcoming', a.admin.token)).json().results;
    expect(upcoming.map((r: { order_id: number }) => r.order_id)).not.toContain(orderId);
    const onlyCancelled = (await get('/api/partner/bookings?status=cancelled', a.admin.token)).json().results;
    expect(onlyCancelled.map((r: { order_id: number }) => r.order_id)).toEqual([orderId]);
    const csv = (await get(`/api/partner/bookings.csv?site_id=${siteA1.id}&from=2027-01-01`, a.admin.token))
      .body;
    expect(csv).toContain('2027-01-05,2027-01-11,7,10500.00,cancelled');

    const calendar = (
      await get(`/api/partner/calendar?month=2027-01&site_id=${siteA1.id}`, a.admin.token)
    ).json();
    expect(calendar.data.entries.filter((e: { order_id: number | null }) => e.order_id === orderId)).toEqual(
      [],
    );
  });
});
