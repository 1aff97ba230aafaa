import { CONSENT_NOTICE_VERSION, MARKETING_CONSENT_VERSION } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  createAuthTestApp,
  nextIp,
  nextPhone,
  readCode,
  verifyCode,
} from '../../../test/otp-sign-in.ts';
import { consentRecords, otpVerifications } from '../../db/schema.ts';

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const send = (phone: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/send',
    payload: { phone_number: phone, ...extra },
    remoteAddress: nextIp(),
  });

/** Signs in through the real code flow, the notice's version sent (or not) as the web app sends it. */
async function signIn(phone: string, consentVersion?: string): Promise<Record<string, string>> {
  const sent = await send(phone, consentVersion ? { consent_version: consentVersion } : {});
  expect(sent.statusCode).toBe(200);
  const verified = await verifyCode(ctx.app, sent.json().verification_id, await readCode(ctx.app, phone));
  expect(verified.statusCode).toBe(200);
  return { authorization: `Bearer ${verified.json().token}` };
}
const consents = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/me/consents', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
};
const setMarketing = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/me/consents/marketing', headers, payload: payload as object });

describe('the consent notice and marketing consent (DPDP Act s.5-6)', () => {
  it('keeps the notice version shown before the code once the code signs in, once per version', async () => {
    const phone = nextPhone();
    const headers = await signIn(phone, CONSENT_NOTICE_VERSION);
    expect(await consents(headers)).toEqual({
      notice: { given: true, version: CONSENT_NOTICE_VERSION, at: expect.any(String) },
      marketing: { given: false, version: null, at: null },
    });
    // Signing in again with the same notice adds no row (after the resend wait).
    ctx.clock.advance(31_000);
    const again = await signIn(phone, CONSENT_NOTICE_VERSION);
    const rows = await ctx.database.db.select().from(consentRecords);
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers: again })).json()
      .data[0];
    expect(rows.filter((r) => r.userId === me.id)).toHaveLength(1);
  });

  it('a code asked for but never entered records no consent: the number was not proven', async () => {
    const phone = nextPhone();
    const before = (await ctx.database.db.select().from(consentRecords)).length;
    expect((await send(phone, { consent_version: CONSENT_NOTICE_VERSION })).statusCode).toBe(200);
    const [code] = await ctx.database.db
      .select()
      .from(otpVerifications)
      .where(eq(otpVerifications.phoneNumber, phone));
    expect(code?.consentVersion).toBe(CONSENT_NOTICE_VERSION);
    expect(await ctx.database.db.select().from(consentRecords)).toHaveLength(before);
  });

  it('API clients that send no version are not refused, and no consent is claimed for them', async () => {
    const headers = await signIn(nextPhone());
    expect((await consents(headers)).notice).toEqual({ given: false, version: null, at: null });
  });

  it('a version never published is a 400 naming the field, and no code is sent', async () => {
    const phone = nextPhone();
    const res = await send(phone, { consent_version: '2020-01-made-up' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('consent_version');
    const rows = await ctx.database.db
      .select()
      .from(otpVerifications)
      .where(eq(otpVerifications.phoneNumber, phone));
    expect(rows).toHaveLength(0);
  });

  it('marketing is off until given, given and withdrawn in one step each, repeats record nothing, history downloads', async () => {
    const headers = await signIn(nextPhone(), CONSENT_NOTICE_VERSION);
    expect((await consents(headers)).marketing.given).toBe(false);

    const given = await setMarketing(headers, { given: true });
    expect(given.statusCode).toBe(200);
    expect(given.json().data.marketing).toEqual({
      given: true,
      version: MARKETING_CONSENT_VERSION,
      at: expect.any(String),
    });
    expect((await setMarketing(headers, { given: true })).statusCode).toBe(200);
    const withdrawn = await setMarketing(headers, { given: false });
    expect(withdrawn.json().data.marketing.given).toBe(false);

    const data = (await ctx.app.inject({ method: 'GET', url: '/api/me/data', headers })).json();
    expect(data.consents.map((c: { purpose: string; action: string }) => `${c.purpose}:${c.action}`)).toEqual(
      ['notice:given', 'marketing:given', 'marketing:withdrawn'],
    );
  });

  it('asks for a signed-in person and a boolean', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/consents' })).statusCode).toBe(401);
    expect((await setMarketing({}, { given: true })).statusCode).toBe(401);
    const headers = await signIn(nextPhone());
    const bad = await setMarketing(headers, { given: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('given');
    expect((await consents(headers)).marketing.given).toBe(false);
  });
});
