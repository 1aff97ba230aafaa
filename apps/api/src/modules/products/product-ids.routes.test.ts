import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedCatalogue } from './products.test-fixtures.ts';

/** "Select all products" takes every result of the filters and search, not the loaded page (docs/product-rules.md section 3a). */
describe('GET /api/product/ids', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  /** Every product of the list across all its pages, the way a buyer would page through it. */
  async function allPages(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const res = await get(`/api/product/?${query}&page=${page}&page_size=10`);
      const { payload } = res.json();
      ids.push(...(payload.results as Product[]).map((p) => p.id));
      if (!payload.next) return ids;
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedCatalogue(ctx);
  });
  afterAll(() => ctx.close());

  it('answers every matching id across all pages, with the count', async () => {
    const res = await get('/api/product/ids');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(35);
    expect(body.ids).toHaveLength(35);
    expect(body.ids).toEqual(await allPages('x=1'));
  });

  it('applies the same filters and search as the list', async () => {
    for (const query of [
      'state=Maharashtra',
      'search=lamp',
      'state=Maharashtra&lighting=Lighting',
      'price=0,2000',
    ]) {
      const res = await get(`/api/product/ids?${query}`);
      expect(res.statusCode, query).toBe(200);
      const expected = await allPages(query);
      expect(res.json(), query).toEqual({ count: expected.length, ids: expected });
    }
  });

  it('answers no ids for no match, and 400 for a bad filter', async () => {
    expect((await get('/api/product/ids?search=nothing-like-this')).json()).toEqual({ count: 0, ids: [] });
    const bad = await get('/api/product/ids?price=9,1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });

  it('is not mistaken for a product id', async () => {
    expect((await get('/api/product/ids')).json()).toHaveProperty('ids');
  });
});
