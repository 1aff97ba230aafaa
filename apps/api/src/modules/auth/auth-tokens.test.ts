import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  bearer,
  createAuthTestApp,
  nextPhone,
  signIn,
} from '../../../test/otp-sign-in.ts';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../lib/jwt.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('bearer tokens on the user calls', () => {
  let ctx: AuthTestContext;
  let phone: string;
  let token: string;
  beforeAll(async () => {
    ctx = await createAuthTestApp();
    phone = nextPhone();
    token = await signIn(ctx.app, phone);
  });
  afterAll(() => ctx.close());

  const getUser = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers });

  const forge = (
    over: { iss?: string; aud?: string; key?: string; exp?: number | null; jti?: string | null } = {},
  ) => {
    const iat = Math.floor(ctx.clock.now().getTime() / 1000);
    const jwt = new SignJWT({ phone_number: phone })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(phone)
      .setIssuer(over.iss ?? JWT_ISSUER)
      .setAudience(over.aud ?? JWT_AUDIENCE)
      .setIssuedAt(iat);
    if (over.exp !== null) jwt.setExpirationTime(over.exp ?? iat + 3600);
    if (over.jti !== null) jwt.setJti(over.jti ?? `forged-${iat}-${Math.random()}`);
    return jwt.sign(new TextEncoder().encode(over.key ?? SECRET));
  };
  const logout = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('accepts the token from /otp/verify, and a correctly forged control token', async () => {
    expect((await getUser(bearer(token))).statusCode).toBe(200);
    expect((await getUser(bearer(await forge()))).statusCode).toBe(200);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: token },
      { authorization: 'Basic abc' },
    ];
    for (const headers of variants) {
      const res = await getUser(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers 401 for a tampered token', async () => {
    const [h, , s] = token.split('.');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const tampered = `${h}.${b64({ ...claims, phone_number: nextPhone() })}.${s}`;
    expect((await getUser(bearer(tampered))).statusCode).toBe(401);
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await getUser(bearer(flipped))).statusCode).toBe(401);
  });

  it('answers 401 for a wrong key, audience or issuer', async () => {
    expect((await getUser(bearer(await forge({ key: `${SECRET}-other` })))).statusCode).toBe(401);
    expect((await getUser(bearer(await forge({ aud: 'someone-else' })))).statusCode).toBe(401);
    expect((await getUser(bearer(await forge({ iss: 'someone-else' })))).statusCode).toBe(401);
  });

  it('answers 401 for alg none', async () => {
    const iat = Math.floor(ctx.clock.now().getTime() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      phone_number: phone,
      sub: phone,
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat,
      exp: iat + 3600,
    })}.`;
    expect((await getUser(bearer(unsigned))).statusCode).toBe(401);
  });

  it('answers 401 for a token without exp (it would never end) or without an id (it could not be revoked)', async () => {
    for (const forged of [await forge({ exp: null }), await forge({ jti: null })]) {
      const res = await getUser(bearer(forged));
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthorized']);
    }
  });

  it('logout revokes the token on the server: any later call with it answers 401, other sessions live on', async () => {
    const someone = nextPhone();
    const mine = await signIn(ctx.app, someone);
    ctx.clock.advance(31_000);
    const otherDevice = await signIn(ctx.app, someone);
    expect((await getUser(bearer(mine))).statusCode).toBe(200);
    const out = await logout(bearer(mine));
    expect([out.statusCode, out.json()]).toEqual([200, { data: 'Logged out' }]);
    for (const call of [
      () => getUser(bearer(mine)),
      () => logout(bearer(mine)),
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login_with_phone/',
          headers: bearer(mine),
          payload: { phone_number: someone },
        }),
    ]) {
      const res = await call();
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthorized']);
    }
    expect((await getUser(bearer(otherDevice))).statusCode).toBe(200);
    expect((await logout()).statusCode).toBe(401);
    await logout(bearer(otherDevice));
  });

  it('answers 401 once the token is more than an hour old', async () => {
    ctx.clock.advance(59 * 60_000);
    expect((await getUser(bearer(token))).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    const res = await getUser(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});
