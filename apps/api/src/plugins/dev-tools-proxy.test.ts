import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, line, paid, tokenFor } from '../../test/api-calls.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { PUBLIC_SANDBOX_KEY_SECRET } from '../config.ts';

/**
 * Issue 20, item 1: nginx's default `proxy_pass` on the same machine connects from 127.0.0.1 and adds no
 * forwarding header, so the app cannot tell the world from its owner by the socket. Here a real reverse
 * proxy (node:http, which adds no header either) stands in front of the app listening on a port; the dev
 * outboxes, the demo operator's sign-in and the sandbox's public signing secret must all stay shut.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function startProxy(target: number): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    ) as http.OutgoingHttpHeaders;
    // As nginx's default: Host becomes the upstream's, nothing else is added.
    headers.host = `127.0.0.1:${target}`;
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

describe('the dev tools behind a same-host reverse proxy that adds no header', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-proxy-'));
  let ctx: TestContext;
  let proxy: http.Server;
  let viaProxy: string;
  let direct: string;
  beforeAll(async () => {
    // No SANDBOX_KEY_SECRET: the sandbox signs with the secret generated in this DATA_DIR.
    ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (ctx.app.server.address() as AddressInfo).port;
    proxy = await startProxy(appPort);
    viaProxy = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    direct = `http://127.0.0.1:${appPort}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (base: string, route: string) => fetch(`${base}${route}`);
  const postJson = (base: string, route: string, body: unknown, token?: string) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('the outboxes answer 404 without the key of DATA_DIR, and the proxy relays that', async () => {
    const devKey = readFileSync(path.join(dataDir, 'dev-outbox-key'), 'utf8').trim();
    const phone = '9876512345';
    expect((await postJson(viaProxy, '/api/auth/otp/send', { phone_number: phone })).status).toBe(200);
    for (const route of [
      `/api/dev/sms-outbox?phone_number=${phone}`,
      `/api/dev/sms-outbox?key=sandbox_secret&phone_number=${phone}`,
      '/api/dev/mail-outbox?to=asha%40example.com',
    ]) {
      const res = await get(viaProxy, route);
      expect([route, res.status]).toEqual([route, 404]);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // The person who ran `npm start` has the key (it prints the links): only that opens them.
    const own = await get(direct, `/api/dev/sms-outbox?key=${devKey}&phone_number=${phone}`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { messages: unknown[] }).messages).toHaveLength(1);
  });

  it('nobody signs in as the demo operator 9999900000 through it', async () => {
    expect(ctx.config.operatorPhones).toContain('9999900000');
    const sent = await postJson(viaProxy, '/api/auth/otp/send', { phone_number: '9999900000' });
    expect(sent.status).toBe(200);
    const { verification_id } = (await sent.json()) as { verification_id: string };
    // The code is only in the outbox, which the proxy cannot open...
    expect((await get(viaProxy, '/api/dev/sms-outbox?phone_number=9999900000')).status).toBe(404);
    // ...and guessing spends the five tries without a token.
    for (const code of ['000000', '123456', '111111', '999999', '654321']) {
      const res = await postJson(viaProxy, '/api/auth/otp/verify', { verification_id, code });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(await res.json())).not.toMatch(/"token"/);
    }
    expect((await get(viaProxy, '/api/ops/orders')).status).toBe(401);
  });

  it('a confirm signed with the public `sandbox_secret` fails; the DATA_DIR secret is the one that signs', async () => {
    const secret = readFileSync(path.join(dataDir, 'sandbox-key-secret'), 'utf8').trim();
    expect(secret).not.toBe(PUBLIC_SANDBOX_KEY_SECRET);
    expect(ctx.config.payments.sandboxKeySecret).toBe(secret);
    const buyer = await tokenFor(ctx, 20_001);
    const site = await insertProduct(ctx.database.db);
    const order = (await book(ctx, buyer, [line(site.id, '2026-12-01', '2026-12-08')], 10_500)).json();
    const out = (await checkout(ctx, buyer, order.order_id)).json();
    const body = (signedWith: string) => ({
      order_id: order.order_id,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...paid(signedWith, out.razor_pay_order_id),
    });
    const forged = await postJson(viaProxy, '/api/booking/confirm', body(PUBLIC_SANDBOX_KEY_SECRET), buyer);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    const real = await postJson(viaProxy, '/api/booking/confirm', body(secret), buyer);
    expect(real.status).toBe(200);
  });
});
