import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * Issue 46 (DESIGN 21): expensive catalogue reads have a per-IP limit, and on PGlite catalogue reads queue
 * (fair-use), counted only for the reads that miss the catalogue cache.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { EXPENSIVE_READS_PER_IP_PER_MINUTE: '3' } });
  await insertProduct(ctx.database.db, { name: 'Fair Use Lamp Post' });
});
afterAll(() => ctx.close());

const from = (ip: string, url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('the per-IP limit of expensive reads', () => {
  it('answers 429 with Retry-After past the limit, to that address only, for searches that miss the cache', async () => {
    const ip = '10.46.1.1';
    const urls = [
      '/api/product/?search=lamp',
      '/api/product/?available_from=2027-01-04&available_to=2027-01-11',
      '/api/product/clusters?zoom=5&search=post',
    ];
    for (const url of urls) {
      const res = await from(ip, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const refused = await from(ip, '/api/product/ids?search=fair');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Cheap reads from the same address, and searches from another, still answer.
    expect((await from(ip, '/api/product/?page=1')).statusCode).toBe(200);
    expect((await from(ip, '/api/product/clusters?zoom=4')).statusCode).toBe(200);
    expect((await from('10.46.1.2', '/api/product/ids?search=fair')).statusCode).toBe(200);
  });
});
