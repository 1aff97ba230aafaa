import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** Sends raw bytes to the listening server and resolves with everything it answers before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { statusLine, headers, body };
}

/**
 * Issue 20: a request Node's parser refuses never reaches Fastify's hooks, and was answered with Fastify's
 * own `{"error":"Bad Request","message":"Client Error"}` without the security headers.
 */
describe('requests that are not valid HTTP, on a real listening server', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('a malformed header gets 400 in the error shape, with the security headers', async () => {
    const answer = parse(
      await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nS~28pg;: x\r\n\r\n'),
    );
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'bad_request', message: expect.any(String) },
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    for (const [name, value] of Object.entries(ctx.app.securityHeaders)) {
      expect(answer.headers[name], name).toBe(value);
    }
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a broken request line and a header section too large are answered the same way', async () => {
    const broken = parse(await rawRequest(port, 'GET /api/health HTTP/9\r\n\r\n'));
    expect(broken.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(broken.body).error.code).toBe('bad_request');
    const huge = parse(
      await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(huge.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(huge.body).error.code).toBe('headers_too_large');
    expect(huge.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a valid request on the same server is untouched', async () => {
    const ok = parse(
      await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(ok.statusLine).toBe('HTTP/1.1 200 OK');
  });
});
