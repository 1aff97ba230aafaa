import type { FilterDefinition } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

describe('GET /api/fetch_filter_params/', () => {
  let ctx: TestContext;
  let cat: Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    cat = await insertCategories(db);
    await insertProduct(db, {
      categoryId: cat['Lamp Post'],
      state: 'Maharashtra',
      district: 'Pune',
      lighting: 'Lighting',
      pricePaise: 80_050,
      impression: 12_000,
    });
    await insertProduct(db, {
      categoryId: cat.Bridge,
      state: 'Goa',
      district: 'North Goa',
      lighting: 'Non-Lighting',
      pricePaise: 1_200_000,
      impression: 150_000,
    });
    await insertProduct(db, {
      categoryId: cat['Lamp Post'],
      state: 'Maharashtra',
      district: 'Mumbai',
      lighting: null,
      pricePaise: 2_500_050,
      impression: null,
    });
  });
  afterAll(() => ctx.close());

  it('offers category (dynamic, in use), state, district, lighting (static, sorted), price and impression ranges', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/fetch_filter_params/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filters: [
        {
          display_name: 'Category',
          name: 'category',
          type: 'category',
          value_type: 'dynamic',
          values: [
            { id: cat.Bridge, name: 'Bridge' },
            { id: cat['Lamp Post'], name: 'Lamp Post' },
          ],
        },
        {
          display_name: 'State',
          name: 'state',
          type: 'category',
          value_type: 'static',
          values: ['Goa', 'Maharashtra'],
        },
        {
          display_name: 'District',
          name: 'district',
          type: 'category',
          value_type: 'static',
          values: ['Mumbai', 'North Goa', 'Pune'],
        },
        {
          display_name: 'Lighting',
          name: 'lighting',
          type: 'category',
          value_type: 'static',
          values: ['Lighting', 'Non-Lighting'],
        },
        // Whole rupees that enclose every price (800.50 .. 25000.50): the slider steps by 1.
        {
          display_name: 'Price',
          name: 'price',
          type: 'range',
          value_type: 'static',
          values: [],
          min: 800,
          max: 25001,
        },
        {
          display_name: 'Impression',
          name: 'impression',
          type: 'range',
          value_type: 'static',
          values: [],
          min: 12_000,
          max: 150_000,
        },
      ],
    });
  });

  it('every offered value, sent back as GET /product/ filters, finds products', async () => {
    const { filters } = (await ctx.app.inject({ method: 'GET', url: '/api/fetch_filter_params' })).json();
    for (const f of filters as FilterDefinition[]) {
      const values =
        f.type === 'range'
          ? [`${f.min},${f.max}`]
          : f.values.map((v: string | { id: number }) => (typeof v === 'string' ? v : v.id));
      for (const value of values) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/product/?${f.name}=${encodeURIComponent(String(value))}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().payload.count, `${f.name}=${value}`).toBeGreaterThan(0);
      }
    }
  });

  it('an empty catalogue offers empty lists and 0..0 ranges', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/api/fetch_filter_params/' });
      expect(res.statusCode).toBe(200);
      const filters = res.json().filters as FilterDefinition[];
      expect(filters.map((f) => f.name)).toEqual([
        'category',
        'state',
        'district',
        'lighting',
        'price',
        'impression',
      ]);
      for (const f of filters) {
        expect(f.values).toEqual([]);
        if (f.type === 'range') expect([f.min, f.max]).toEqual([0, 0]);
      }
    } finally {
      await empty.close();
    }
  });
});
