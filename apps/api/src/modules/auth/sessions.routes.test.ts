import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  bearer,
  createAuthTestApp,
  nextPhone,
  readCode,
  sendCode,
} from '../../../test/otp-sign-in.ts';
import { testConfig } from '../../../test/test-app.ts';
import type { AppInstance } from '../../app-types.ts';

const OPERATOR = '9000000001';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DAY = 24 * 3600_000;

interface SignedIn {
  token: string;
  /** "ooh_session=<value>", as a browser sends it back. */
  cookie: string;
  setCookie: string;
}

/** The browser's sign-in: send, verify with a user agent; keeps the Set-Cookie the answer carries. */
async function signInBrowser(app: AppInstance, phone: string, userAgent = CHROME_ANDROID): Promise<SignedIn> {
  const sent = await sendCode(app, phone);
  expect(sent.statusCode).toBe(200);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    headers: { 'user-agent': userAgent },
    payload: { verification_id: sent.json().verification_id, code: await readCode(app, phone) },
  });
  expect(verified.statusCode).toBe(200);
  const cookies = [verified.headers['set-cookie'] ?? []].flat();
  expect(cookies.find((c) => c.startsWith('ooh_signed_in=1;'))).toBeDefined();
  const setCookie = cookies.find((c) => c.startsWith('ooh_session='))!;
  return { token: verified.json().token, cookie: setCookie.split(';')[0], setCookie };
}

describe('cookie sessions', () => {
  let ctx: AuthTestContext;
  const origin = 'http://localhost:3000';
  beforeAll(async () => {
    ctx = await createAuthTestApp({ env: { OPERATOR_PHONES: OPERATOR } });
  });
  afterAll(() => ctx.close());

  const getUser = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers });
  const sessions = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
  const withCookie = (s: SignedIn, extra: Record<string, string> = {}) => ({
    cookie: s.cookie,
    origin,
    ...extra,
  });
  const status = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

  it('sign-in sets an HttpOnly, SameSite=Lax cookie for the whole site, 30 days, not Secure on loopback', async () => {
    const s = await signInBrowser(ctx.app, nextPhone());
    const attributes = s.setCookie.split(';').map((a) => a.trim());
    expect(attributes[0]).toMatch(/^ooh_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${30 * 24 * 3600}`]),
    );
    expect(attributes).not.toContain('Secure');
    // The table keeps only the SHA-256 of the token: a copy of it signs nobody in.
    const token = s.cookie.split('=')[1];
    const rows = await ctx.database.db.execute(sql`select token_hash from sessions`);
    const hashes = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows.map((r) => r.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(token);
    // The cookie alone signs the user in; the answer still carries a bearer token for API clients.
    expect(await status(getUser({ cookie: s.cookie }))).toBe(200);
    expect(await status(getUser(bearer(s.token)))).toBe(200);
  });

  it('marks the cookie Secure when PUBLIC_URL is https or the server is reachable from other machines', () => {
    expect(testConfig({ PUBLIC_URL: 'https://www.example.in' }).sessionCookieSecure).toBe(true);
    expect(
      testConfig({
        HOST: '0.0.0.0',
        ALLOW_CONSOLE_SMS: 'true',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'own',
      }).sessionCookieSecure,
    ).toBe(true);
    expect(testConfig({ HOST: '127.0.0.1' }).sessionCookieSecure).toBe(false);
  });

  it('renews with activity (idle 7 days), writing last_seen_at at most once a minute', async () => {
    const s = await signInBrowser(ctx.app, nextPhone());
    const seen = async () => (await sessions({ cookie: s.cookie })).json().data[0].last_seen_at as string;
    const first = await seen();
    ctx.clock.advance(30_000);
    expect(await seen()).toBe(first);
    ctx.clock.advance(31_000);
    expect(await seen()).not.toBe(first);
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance(6 * DAY);
      expect(await status(getUser({ cookie: s.cookie }))).toBe(200);
    }
    ctx.clock.advance(7 * DAY + 1000);
    const res = await getUser({ cookie: s.cookie });
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthorized']);
    // The bearer token issued with the session ends with it too (it is long past its hour anyway).
    expect(await status(getUser(bearer(s.token)))).toBe(401);
  });

  it('ends after 30 days however active', async () => {
    const s = await signInBrowser(ctx.app, nextPhone());
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(7 * DAY - 60_000);
      expect(await status(getUser({ cookie: s.cookie }))).toBe(200);
    }
    ctx.clock.advance(30 * DAY - 4 * (7 * DAY - 60_000) - 1000);
    expect(await status(getUser({ cookie: s.cookie }))).toBe(200);
    ctx.clock.advance(2000);
    expect(await status(getUser({ cookie: s.cookie }))).toBe(401);
  });

  it("idles an operator's session out after 12 hours, a buyer's not", async () => {
    const operator = await signInBrowser(ctx.app, OPERATOR);
    const buyer = await signInBrowser(ctx.app, nextPhone());
    ctx.clock.advance(11 * 3600_000);
    expect(await status(getUser({ cookie: operator.cookie }))).toBe(200);
    ctx.clock.advance(12 * 3600_000 + 1000);
    expect(await status(getUser({ cookie: operator.cookie }))).toBe(401);
    expect(await status(getUser({ cookie: buyer.cookie }))).toBe(200);
  });

  it('logout ends the session on the server: the cookie and its bearer token both answer 401; other sessions live on', async () => {
    const phone = nextPhone();
    const mine = await signInBrowser(ctx.app, phone);
    ctx.clock.advance(31_000);
    const other = await signInBrowser(ctx.app, phone);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(mine) });
    expect([out.statusCode, out.json()]).toEqual([200, { data: 'Logged out' }]);
    const cleared = [out.headers['set-cookie'] ?? []].flat();
    expect(cleared.some((c) => /^ooh_session=; .*Max-Age=0/.test(c))).toBe(true);
    expect(cleared.some((c) => /^ooh_signed_in=; .*Max-Age=0/.test(c))).toBe(true);
    expect(await status(getUser({ cookie: mine.cookie }))).toBe(401);
    expect(await status(getUser(bearer(mine.token)))).toBe(401);
    expect(await status(getUser({ cookie: other.cookie }))).toBe(200);
  });

  it('lists the user’s sessions with the current one marked; ends one, another user’s 404, or all', async () => {
    const phone = nextPhone();
    const laptop = await signInBrowser(
      ctx.app,
      phone,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    );
    ctx.clock.advance(31_000);
    const mobile = await signInBrowser(ctx.app, phone);
    ctx.clock.advance(31_000);
    const third = await signInBrowser(ctx.app, phone, 'curl/8.5.0');
    const stranger = await signInBrowser(ctx.app, nextPhone());

    const listed = await sessions({ cookie: mobile.cookie });
    expect(listed.statusCode).toBe(200);
    const list = listed.json().data as Array<{ id: string; device: string; current: boolean; ip: string }>;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Android']);
    expect(list.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows', 'curl']);
    expect(JSON.stringify(listed.json())).not.toContain(mobile.cookie.split('=')[1]);

    const strangers = (await sessions({ cookie: stranger.cookie })).json().data as Array<{ id: string }>;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${strangers[0].id}`,
      headers: withCookie(mobile),
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'not_found']);
    expect(await status(getUser({ cookie: stranger.cookie }))).toBe(200);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/nope',
      headers: withCookie(mobile),
    });
    expect(bad.statusCode).toBe(400);

    const firefox = list.find((s) => s.device === 'Firefox on Windows')!;
    const one = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${firefox.id}`,
      headers: withCookie(mobile),
    });
    expect([one.statusCode, one.json()]).toEqual([200, { data: { ended: 1 } }]);
    expect(await status(getUser({ cookie: laptop.cookie }))).toBe(401);
    expect(await status(getUser({ cookie: mobile.cookie }))).toBe(200);

    const all = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(third.token),
    });
    expect([all.statusCode, all.json()]).toEqual([200, { data: { ended: 2 } }]);
    expect(await status(getUser({ cookie: mobile.cookie }))).toBe(401);
    expect(await status(getUser(bearer(third.token)))).toBe(401);
    expect(await status(getUser({ cookie: stranger.cookie }))).toBe(200);
  });

  it('lets an operator end a user’s sessions (audited); others get 401/403; an unknown user 404', async () => {
    const operator = await signInBrowser(ctx.app, OPERATOR);
    const phone = nextPhone();
    const victim = await signInBrowser(ctx.app, phone);
    const userId = (await getUser({ cookie: victim.cookie })).json().data[0].id as number;
    const end = (headers: Record<string, string>, id = userId) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/ops/users/${id}/sessions`, headers });

    expect(await status(end({}))).toBe(401);
    expect(await status(end(withCookie(victim)))).toBe(403);
    expect(await status(end(withCookie(operator), 999_999))).toBe(404);
    const ended = await end(withCookie(operator));
    expect([ended.statusCode, ended.json()]).toEqual([200, { data: { ended: 1 } }]);
    expect(await status(getUser({ cookie: victim.cookie }))).toBe(401);
    expect(await status(getUser(bearer(victim.token)))).toBe(401);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/audit?action=user.sessions_end',
      headers: { cookie: operator.cookie },
    });
    const entry = audit.json().results[0];
    expect([entry.entity, entry.entity_id, entry.before, entry.after]).toEqual([
      'user',
      String(userId),
      { open_sessions: 1 },
      { open_sessions: 0 },
    ]);
  });

  describe('CSRF: state-changing calls signed in by the cookie', () => {
    const update = (headers: Record<string, string>, phone: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login_with_phone/',
        headers,
        payload: { phone_number: phone },
      });

    it('are refused without this site’s Origin or Referer, and allowed with it', async () => {
      const phone = nextPhone();
      const s = await signInBrowser(ctx.app, phone);
      const refused: Array<Record<string, string>> = [
        { cookie: s.cookie },
        { cookie: s.cookie, origin: 'https://evil.example' },
        { cookie: s.cookie, origin: 'null' },
        { cookie: s.cookie, referer: 'https://evil.example/localhost:3000' },
      ];
      for (const headers of refused) {
        const res = await update(headers, phone);
        expect([res.statusCode, res.json().error.code]).toEqual([403, 'cross_site_request']);
      }
      expect(await status(update({ cookie: s.cookie, origin }, phone))).toBe(200);
      expect(await status(update({ cookie: s.cookie, referer: `${origin}/profile` }, phone))).toBe(200);
      // The request's own Host counts while PUBLIC_URL is unset (loopback development).
      expect(
        await status(
          update({ cookie: s.cookie, host: '127.0.0.1:3100', origin: 'http://127.0.0.1:3100' }, phone),
        ),
      ).toBe(200);
      // Reads need no Origin; bearer calls are exempt (no browser attaches them on its own).
      expect(await status(getUser({ cookie: s.cookie }))).toBe(200);
      expect(await status(update(bearer(s.token), phone))).toBe(200);
    });
  });
});

describe('CSRF behind a reverse proxy (PUBLIC_URL set)', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp({ env: { PUBLIC_URL: 'https://www.example.in' } });
  });
  afterAll(() => ctx.close());

  it('compares Origin with PUBLIC_URL only, never with the (rewritable) Host', async () => {
    const phone = nextPhone();
    const s = await signInBrowser(ctx.app, phone);
    expect(s.setCookie).toContain('Secure');
    const logout = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie, ...headers } });
    expect(
      await logout({ host: 'evil.example', origin: 'http://evil.example' }).then((r) => r.statusCode),
    ).toBe(403);
    expect(await logout({ origin: 'http://localhost:3000' }).then((r) => r.statusCode)).toBe(403);
    expect(await logout({ origin: 'https://www.example.in' }).then((r) => r.statusCode)).toBe(200);
  });
});
