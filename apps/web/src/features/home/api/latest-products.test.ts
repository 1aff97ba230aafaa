import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestProducts } from './latest-products';

/** A stand-in for GET /api/product/ over `count` products with ids 1..count, ordered by id. */
function serveCatalogue(count: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url.search);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const ids = Array.from({ length: count }, (_, i) => i + 1).slice((page - 1) * size, page * size);
      const body = { payload: { count, next: null, previous: null, results: ids.map((id) => ({ id })) } };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchLatestProducts', () => {
  it.each([
    [0, []],
    [3, [3, 2, 1]],
    [4, [4, 3, 2, 1]],
    [5, [5, 4, 3, 2]],
    [8, [8, 7, 6, 5]],
    [361, [361, 360, 359, 358]],
  ])('of %i products returns the highest ids first', async (count, ids) => {
    serveCatalogue(count);
    const products = await fetchLatestProducts();
    expect(products.map((p) => p.id)).toEqual(ids);
  });

  it.each([
    [3, 1],
    [360, 2],
    [361, 3],
  ])(
    'of %i products takes %i requests: the count, the last page and, when it is short, the one before',
    async (count, requests) => {
      const calls = serveCatalogue(count);
      await fetchLatestProducts();
      expect(calls).toHaveLength(requests);
    },
  );
});
