import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { signedInToken } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../plugins/json-body.ts';

/**
 * Issue 43: a JSON body nested 5,000 levels deep answered 500 on the availability check (JSON.stringify of
 * the body for a cache key overflowed the stack). Every route of the OpenAPI document that takes a JSON body
 * answers it 400 of the error shape, for a caller the route lets in (a refusal of the caller itself, sent
 * before the body is read, stays what it is for a plausible body).
 */
const LEVELS = 5_000;
const deep = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

let ctx: TestContext;
let operator: string;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: '9000000001' } });
  productId = (await insertProduct(ctx.database.db)).id;
  operator = await signedInToken(ctx, '9000000001');
});
afterAll(() => ctx?.close());

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
}

describe('deeply nested JSON bodies', () => {
  it('counts depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('[1,[2],[3],{"c":4}]', 2)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(500)}\\"${'{'.repeat(500)}"}`, 1)).toBe(false);
    expect(jsonDepthExceeds(deep, MAX_JSON_DEPTH)).toBe(true);
  });

  it('answers 400 on every JSON route of the OpenAPI document, never 5xx', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => op.requestBody?.content?.['application/json'] !== undefined)
        .map(([method, _op]) => ({ method: method.toUpperCase() as 'POST', path })),
    );
    expect(routes.length).toBeGreaterThan(10);
    let refusedForTheBody = 0;
    for (const { method, path } of routes) {
      const url = path.replace(/\{\w+\}/g, String(productId));
      for (const payload of [deep, deepObject]) {
        for (const authorization of [`Bearer ${operator}`, undefined]) {
          const headers = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
          const res = await ctx.app.inject({ method, url, headers, payload });
          const seen = `${method} ${url} (${authorization ? 'operator' : 'anonymous'}) -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, seen).toBeLessThan(500);
          expect(res.json().error?.code, seen).toEqual(expect.any(String));
          if (res.statusCode === 400) {
            refusedForTheBody += 1;
            continue;
          }
          // Refused before the body is read (sign-in, membership): the same answer a plausible body gets.
          const plain = await ctx.app.inject({ method, url, headers, payload: '{}' });
          expect(res.statusCode, seen).toBe(plain.statusCode);
          expect([401, 403, 404], seen).toContain(res.statusCode);
        }
      }
    }
    // The operator passes every sign-in check but the owners' ones: most routes read the body.
    expect(refusedForTheBody).toBeGreaterThan(routes.length);
  });
});
