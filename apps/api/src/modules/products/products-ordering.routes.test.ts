import type { Product, ProductClustersResponse } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Site } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

/**
 * DESIGN section 22, issue 48: the catalogue sorts and filters by a day's CPM (daily price / daily
 * impressions x 1,000) and by impressions; sites without an audience figure sort last and no CPM or
 * impressions filter keeps them. The orders and filters go through the route's querystring schema, so the
 * catalogue cache keys them apart and drops what the schema does not know.
 */
describe('GET /api/product/ ordered and filtered by CPM and impressions', () => {
  let ctx: TestContext;
  let f: Factory;
  let s: Record<'a' | 'b' | 'c' | 'd' | 'e', Site>;
  const fresh = { headers: {} as Record<string, string> };

  /** The ids of a page read from the database (the dev key's no-cache bypasses the cache). */
  const ids = async (query: string) => {
    const res = await f.call(null, 'GET', `/api/product/?${query}`, undefined, fresh);
    return expectStatus<{ payload: { results: Product[] } }>(res).payload.results.map((p) => p.id);
  };

  beforeAll(async () => {
    ctx = await createFactoryApp();
    f = factory(ctx);
    fresh.headers = { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! };
    const owner = await f.owner();
    const at = (name: string, price: number, impression: number | undefined) =>
      f.site(owner, 'live', { name, price, impression });
    // CPM per day: a 37.50, b 15, c 120, d none (no audience figure), e 15 (as b: id order decides).
    s = {
      a: await at('Site A', 4500, 120_000),
      b: await at('Site B', 3000, 200_000),
      c: await at('Site C', 6000, 50_000),
      d: await at('Site D', 2000, undefined),
      e: await at('Site E', 1500, 100_000),
    };
  });
  afterAll(() => ctx.close());

  it('orders by CPM and by impressions either way, sites without a figure last, ties in id order', async () => {
    const { a, b, c, d, e } = s;
    expect(await ids('ordering=cpm')).toEqual([b.id, e.id, a.id, c.id, d.id]);
    expect(await ids('ordering=-cpm')).toEqual([c.id, a.id, b.id, e.id, d.id]);
    expect(await ids('ordering=-impressions')).toEqual([b.id, a.id, e.id, c.id, d.id]);
    expect(await ids('ordering=impressions')).toEqual([c.id, e.id, a.id, b.id, d.id]);
    expect(await ids('')).toEqual([a.id, b.id, c.id, d.id, e.id]);
  });

  it('keeps the order across pages, and next carries the ordering and the filter', async () => {
    const { a, b, c, e } = s;
    const res = await f.call(
      null,
      'GET',
      '/api/product/?ordering=cpm&cpm=0,200&page_size=2',
      undefined,
      fresh,
    );
    const page = expectStatus<{ payload: { next: string; results: Product[] } }>(res).payload;
    expect(page.results.map((p) => p.id)).toEqual([b.id, e.id]);
    expect(page.next).toBe('/api/product/?page=2&page_size=2&cpm=0,200&ordering=cpm');
    expect(await ids('ordering=cpm&cpm=0,200&page_size=2&page=2')).toEqual([a.id, c.id]);
  });

  it('filters by CPM in rupees per thousand, bounds included, and never keeps a site without a figure', async () => {
    const { a, b, c, e } = s;
    expect(await ids('cpm=15,37.5')).toEqual([a.id, b.id, e.id]);
    expect(await ids('cpm=15.01,37.49')).toEqual([]);
    expect(await ids('cpm=0,1000000')).toEqual([a.id, b.id, c.id, e.id]);
    // The untouched 0,0 of the filter panel means no filter (docs/product-spec.md section 3).
    expect(await ids('cpm=0,0')).toHaveLength(5);
    expect(await ids('impression=100000,200000&ordering=-impressions')).toEqual([b.id, a.id, e.id]);
    expect(await ids('impression=0,100000000')).not.toContain(s.d.id);
  });

  it('counts, lists the ids of and maps the same sites a CPM filter keeps', async () => {
    const { a, b, e } = s;
    const count = await f.call(null, 'GET', '/api/product/?cpm=10,40', undefined, fresh);
    expect(expectStatus<{ payload: { count: number } }>(count).payload.count).toBe(3);
    const all = await f.call(null, 'GET', '/api/product/ids?cpm=10,40&ordering=cpm', undefined, fresh);
    // /product/ids lists in id order: the ordering is not a parameter of it (dropped, as any unknown one).
    expect(expectStatus<{ ids: number[] }>(all).ids).toEqual([a.id, b.id, e.id]);
    const map = await f.call(null, 'GET', '/api/product/clusters?cpm=10,40&zoom=16', undefined, fresh);
    expect(expectStatus<ProductClustersResponse>(map).count).toBe(3);
  });

  it('answers a bad ordering, a bad CPM range and ordering with near with a 400', async () => {
    for (const query of ['ordering=price', 'ordering=cpm,impressions', 'cpm=40,10', 'cpm=ten,20']) {
      const res = await f.call(null, 'GET', `/api/product/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const near = await f.call(null, 'GET', '/api/product/?ordering=cpm&near=19.1,72.87&radius_km=5');
    expect(near.statusCode).toBe(400);
    expect(near.json().message ?? near.body).toMatch(/near/);
  });

  it('caches each ordering and filter under its own key, unknown parameters dropped', async () => {
    const { a, b, c, d, e } = s;
    const cached = async (query: string) => {
      const res = await f.call(null, 'GET', `/api/product/?${query}`);
      const body = expectStatus<{ payload: { results: Product[] } }>(res);
      return { cache: res.headers['x-cache'], ids: body.payload.results.map((p) => p.id) };
    };
    expect(await cached('ordering=cpm')).toEqual({ cache: 'miss', ids: [b.id, e.id, a.id, c.id, d.id] });
    // Another ordering is another entry, not the first one's answer.
    expect(await cached('ordering=-cpm')).toEqual({ cache: 'miss', ids: [c.id, a.id, b.id, e.id, d.id] });
    expect(await cached('ordering=cpm&junk=1')).toEqual({
      cache: 'hit',
      ids: [b.id, e.id, a.id, c.id, d.id],
    });
    expect((await cached('cpm=15,37.5')).cache).toBe('miss');
    expect(await cached('cpm=15,37.5&ordering=cpm')).toEqual({ cache: 'miss', ids: [b.id, e.id, a.id] });
    expect(await cached('ordering=cpm&cpm=15,37.5')).toEqual({ cache: 'hit', ids: [b.id, e.id, a.id] });
  });
});
