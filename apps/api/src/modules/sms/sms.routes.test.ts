import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuthTestApp, nextPhone, sendCode } from '../../../test/otp-sign-in.ts';
import { testConfig } from '../../../test/test-app.ts';

/** The dev key every test app reads from its DATA_DIR (DATA_DIR/dev-outbox-key). */
const key = testConfig().devKey ?? '';
const outbox = (phone?: string, withKey = key) =>
  `/api/dev/sms-outbox?key=${encodeURIComponent(withKey)}${phone ? `&phone_number=${phone}` : ''}`;

/** What proxies, load balancers and CDNs add (issue 20): each one alone makes the dev tools refuse. */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
  'via',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];

describe('GET /api/dev/sms-outbox', () => {
  it('lists the console provider messages for one number, newest first; never everyone', async () => {
    const ctx = await createAuthTestApp();
    try {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      ctx.clock.advance(31_000);
      await sendCode(ctx.app, phone);
      await sendCode(ctx.app, nextPhone());
      const res = await ctx.app.inject({ method: 'GET', url: outbox(phone) });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json();
      expect(messages).toHaveLength(2);
      expect(messages.every((m: { phone_number: string }) => m.phone_number === phone)).toBe(true);
      expect(Date.parse(messages[0].created_at) - Date.parse(messages[1].created_at)).toBe(31_000);
      const all = await ctx.app.inject({ method: 'GET', url: outbox() });
      expect([all.statusCode, all.json().error.fields]).toEqual([400, { phone_number: expect.any(String) }]);
      expect(all.body).not.toMatch(/\d{6} is your/);
      const bad = await ctx.app.inject({ method: 'GET', url: outbox('123') });
      expect(bad.statusCode).toBe(400);
    } finally {
      await ctx.close();
    }
  });

  it('answers only the loopback socket: 404 to another address, whatever X-Forwarded-For says', async () => {
    // Even with a proxy trusted, the socket decides; a forwarding header means a proxy relayed it.
    const ctx = await createAuthTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({ method: 'GET', url: outbox(phone), remoteAddress, headers });
      expect((await get('127.0.0.1')).statusCode).toBe(200);
      expect((await get('::1')).statusCode).toBe(200);
      for (const outsider of ['203.0.113.9', '10.0.0.5', '::ffff:192.0.2.1']) {
        const res = await get(outsider, { 'x-forwarded-for': '127.0.0.1' });
        expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
        expect(res.body).not.toContain(phone);
      }
      // Not even a 400 tells an outsider the route exists.
      expect(
        (await ctx.app.inject({ method: 'GET', url: outbox(), remoteAddress: '203.0.113.9' })).statusCode,
      ).toBe(404);
      // A reverse proxy on this machine connects from loopback for everyone: what it relays is refused.
      for (const header of PROXY_HEADERS) {
        expect((await get('127.0.0.1', { [header]: '203.0.113.9' })).statusCode, header).toBe(404);
      }
    } finally {
      await ctx.close();
    }
  });

  it('answers only with the dev key of DATA_DIR (owner-only file): without it, or a wrong one, 404', async () => {
    const ctx = await createAuthTestApp();
    try {
      const file = path.join(ctx.app.deps.config.dataDir, 'dev-outbox-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const devKey = readFileSync(file, 'utf8').trim();
      expect(devKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const get = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect((await get(outbox(phone, devKey))).statusCode).toBe(200);
      for (const wrong of ['', `${devKey}x`, devKey.slice(1), devKey.toUpperCase()]) {
        const res = await get(outbox(phone, wrong));
        expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
      }
      expect((await get(`/api/dev/sms-outbox?phone_number=${phone}`)).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('does not exist in production, even with the console provider allowed', async () => {
    const ctx = await createAuthTestApp({
      env: {
        NODE_ENV: 'production',
        ALLOW_CONSOLE_SMS: 'true',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'a-secret-of-our-own',
      },
    });
    try {
      const phone = nextPhone();
      expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'GET', url: outbox(phone) });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
