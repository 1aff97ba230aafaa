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

/**
 * Cookie sessions under concurrent requests on PostgreSQL (several connections at once): the once-a-minute
 * renewal never refuses or un-revokes, and once "sign out everywhere" has answered no request with the
 * cookie gets through (docs/decisions/042).
 */
describe('sessions under concurrent requests', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp();
  });
  afterAll(() => ctx.close());

  async function signIn(phone: string) {
    const sent = await sendCode(ctx.app, phone);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { verification_id: sent.json().verification_id, code: await readCode(ctx.app, phone) },
    });
    const cookie = [verified.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ooh_session='))!;
    return { token: verified.json().token as string, cookie: cookie.split(';')[0] };
  }
  const getUser = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { cookie } });
  const revokedAt = async () =>
    (
      (await ctx.database.db.execute(
        sql`select revoked_at from sessions order by created_at desc limit 1`,
      )) as unknown as {
        rows: Array<{ revoked_at: Date | null }>;
      }
    ).rows[0].revoked_at;

  it('renews under 30 concurrent requests (last_seen_at moves to now), and none is refused', async () => {
    const s = await signIn(nextPhone());
    ctx.clock.advance(61_000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => getUser(s.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    const seen = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { cookie: s.cookie },
    });
    expect(seen.json().data[0].last_seen_at).toBe(ctx.clock.now().toISOString());
  });

  it('once sign out everywhere has answered, no request with the cookie gets through, renewal or not', async () => {
    const s = await signIn(nextPhone());
    ctx.clock.advance(61_000);
    const during = Array.from({ length: 20 }, () => getUser(s.cookie));
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(s.token),
    });
    expect(ended.statusCode).toBe(200);
    // Requests in flight may go either way; after the answer none may.
    for (const answer of await Promise.all(during)) expect([200, 401]).toContain(answer.statusCode);
    const after = await Promise.all(Array.from({ length: 20 }, () => getUser(s.cookie)));
    expect(after.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    expect(await revokedAt()).not.toBeNull();
  });
});
