import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedCatalogue } from './products.test-fixtures.ts';

describe('GET /api/product/{id}', () => {
  let ctx: TestContext;
  let data: Awaited<ReturnType<typeof seedCatalogue>>;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    ctx = await createTestApp();
    data = await seedCatalogue(ctx);
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const id = data.marine.id;
    await insertBooking(db, id, '2026-11-20', '2026-11-24'); // began before today: only today on counts
    await insertBooking(db, id, '2026-12-01', '2026-12-04');
    await insertBooking(db, id, '2026-12-10', '2026-12-12', 'held', new Date(now.getTime() + 10 * 60_000));
    await insertBooking(db, id, '2026-12-20', '2026-12-22', 'held', new Date(now.getTime() - 60_000));
    await insertBooking(db, id, '2026-12-25', '2026-12-27', 'cancelled');
    await insertBooking(db, id, '2027-11-20', '2027-11-30'); // window ends before 2027-11-22
    await insertBooking(db, data.bandra.id, '2027-01-01', '2027-01-03');
  });
  afterAll(() => ctx.close());

  const liveDates = [
    '2026-11-22',
    '2026-11-23',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-10',
    '2026-12-11',
    '2027-11-20',
    '2027-11-21',
  ];

  it('answers the bare product with its unavailable dates: confirmed and live holds, in the next 365 days', async () => {
    const res = await get(`/api/product/${data.marine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: data.marine.id, name: 'Marine Drive Lamp Post', price: 1500 });
    expect(res.json().unavailable_dates).toEqual(liveDates);
  });

  it('lists carry the same dates for every product of the page', async () => {
    const res = await get(`/api/product/?ids=${data.marine.id},${data.bandra.id},${data.goa.id}`);
    const byId = new Map((res.json().payload.results as Product[]).map((p) => [p.id, p.unavailable_dates]));
    expect(byId.get(data.marine.id)).toEqual(liveDates);
    expect(byId.get(data.bandra.id)).toEqual(['2027-01-01', '2027-01-02']);
    expect(byId.get(data.goa.id)).toEqual([]);
  });

  it('a hold stops counting once it expires; the window moves with today in IST', async () => {
    const before = ctx.clock.now();
    try {
      // 2026-11-22T18:30Z is midnight in India: today becomes 2026-11-23, and the hold has expired.
      ctx.clock.set(new Date('2026-11-22T18:30:00Z'));
      const res = await get(`/api/product/${data.marine.id}`);
      expect(res.json().unavailable_dates).toEqual([
        '2026-11-23',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2027-11-20',
        '2027-11-21',
        '2027-11-22',
      ]);
    } finally {
      ctx.clock.set(before);
    }
  });

  it('unknown id: 404 in the error shape', async () => {
    const res = await get('/api/product/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Product not found.' } });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('id %s: 400 naming id', async (id) => {
    const res = await get(`/api/product/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });
});
