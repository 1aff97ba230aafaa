import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiProblem, takeOpenApiViolations } from './openapi-check.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The hook that keeps /api/openapi.json true (decision 041) must itself catch what it is there to catch. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The first answer through the wrapped inject loads the document.
  await ctx.app.inject({ method: 'GET', url: '/api/health' });
});
afterAll(() => ctx.close());

const answer = (status: number, body: string, type = 'application/json; charset=utf-8') =>
  ({
    statusCode: status,
    headers: { 'content-type': type },
    rawPayload: Buffer.from(body),
    body,
    json: () => JSON.parse(body),
  }) as unknown as LightMyRequestResponse;

describe('the OpenAPI answer check', () => {
  it('passes a documented answer and names the route, status and body path of a wrong one', () => {
    const ok = JSON.stringify({ status: 'ok', database: 'pglite', version: '0.1.0' });
    expect(openApiProblem({ method: 'GET', url: '/api/health' }, answer(200, ok))).toBeUndefined();
    expect(openApiProblem({ method: 'GET', url: '/api/health' }, answer(418, '{}'))).toMatch(
      /^GET \/api\/health \(\/api\/health\) answered 418: status 418 is not documented/,
    );
    const wrongBody = openApiProblem(
      { method: 'GET', url: '/api/health' },
      answer(200, JSON.stringify({ status: 5, database: 'pglite', version: '0.1.0' })),
    );
    expect(wrongBody).toContain('body/status must be');
    expect(openApiProblem({ method: 'GET', url: '/api/health' }, answer(200, 'a,b', 'text/csv'))).toContain(
      'content type "text/csv" is not documented',
    );
    // A path parameter is matched by the route's template, a literal path before a template.
    expect(openApiProblem({ method: 'GET', url: '/api/product/12' }, answer(200, '{}')) ?? '').toContain(
      'GET /api/product/{id}',
    );
  });

  it('wants 405 with Allow, in the error shape, for a method a documented path does not serve', async () => {
    const trace = await ctx.app.inject({ method: 'TRACE', url: '/api/health' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toContain('GET');
    expect(trace.json().error.code).toBe('method_not_allowed');
    expect(takeOpenApiViolations()).toEqual([]);
    expect(openApiProblem({ method: 'DELETE', url: '/api/health' }, answer(404, '{}'))).toContain(
      'must be 405 with Allow',
    );
  });

  it('records what app.inject receives, for the setup file to fail the test with', async () => {
    // A real route answering a status its document leaves out: 414 is documented (a path parameter), so the
    // answer passes; the list stays empty.
    const long = await ctx.app.inject({ method: 'GET', url: `/api/product/${'9'.repeat(150)}` });
    expect(long.statusCode).toBe(414);
    expect(takeOpenApiViolations()).toEqual([]);
  });
});
