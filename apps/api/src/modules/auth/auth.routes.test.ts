import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  createAuthTestApp,
  nextIp,
  nextPhone,
  readCode,
  sendCode,
  smsOutboxUrl,
  verifyCode,
} from '../../../test/otp-sign-in.ts';
import { testDbKind } from '../../../test/test-db.ts';
import { users } from '../../db/schema.ts';

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/otp/send and /verify', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp();
  });
  afterAll(() => ctx.close());

  it('sends a code to the outbox and verifies it into a 1-hour token', async () => {
    const phone = nextPhone();
    const sent = await sendCode(ctx.app, phone);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toEqual({ verification_id: expect.any(String), resend_after_s: 30, expires_in_s: 300 });

    const outbox = await ctx.app.inject({ method: 'GET', url: smsOutboxUrl(ctx.app, phone) });
    const [message] = outbox.json().messages;
    expect(message).toEqual({
      phone_number: phone,
      body: expect.stringMatching(/\d{6}/),
      created_at: expect.any(String),
    });
    expect(message.body).toMatch(/^\d{6} is your AdSpace India login code/);

    const verified = await verifyCode(ctx.app, body.verification_id, await readCode(ctx.app, phone));
    expect(verified.statusCode).toBe(200);
    const session = verified.json();
    expect(session.phone_number).toBe(phone);
    expect(session.token.split('.')).toHaveLength(3);
    expect(session.expires_at).toBe(new Date(ctx.clock.now().getTime() + 3_600_000).toISOString());
  });

  it('stores the code only as an HMAC', async () => {
    const phone = nextPhone();
    const sent = await sendCode(ctx.app, phone);
    const code = await readCode(ctx.app, phone);
    const { rows } = (await ctx.database.db.execute(
      `select * from otp_verifications where id = '${sent.json().verification_id}'`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(rows[0].code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].ip_hash).not.toContain('10.');
  });

  it('accepts only 10-digit Indian mobile numbers', async () => {
    for (const phone of ['+919876543210', '919876543210', '987654321', '5876543210', '98765 43210', '']) {
      const res = await sendCode(ctx.app, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.fields.phone_number).toBeDefined();
    }
  });

  it('answers the same for a number that has an account and one that has none', async () => {
    const known = nextPhone();
    await ctx.database.db.insert(users).values({ phoneNumber: known, firstName: 'Asha' });
    const a = await sendCode(ctx.app, known);
    const b = await sendCode(ctx.app, nextPhone());
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect({ ...a.json(), verification_id: 'x' }).toEqual({ ...b.json(), verification_id: 'x' });
  });

  it('says how many tries are left, voids the code after 5 wrong tries, even for the right code', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    for (let left = 4; left >= 1; left--) {
      const res = await verifyCode(ctx.app, id, wrongOf(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_code');
      expect(res.json().error.message).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await verifyCode(ctx.app, id, wrongOf(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('too_many_attempts');
    const right = await verifyCode(ctx.app, id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('too_many_attempts');
  });

  it('refuses an expired code (after 5 minutes)', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    ctx.clock.advance(5 * 60_000);
    const res = await verifyCode(ctx.app, id, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('code_expired');
  });

  it('accepts the code just before it expires', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    ctx.clock.advance(5 * 60_000 - 1000);
    expect((await verifyCode(ctx.app, id, code)).statusCode).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    expect((await verifyCode(ctx.app, id, code)).statusCode).toBe(200);
    const again = await verifyCode(ctx.app, id, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('code_used');
  });

  it('refuses an unknown verification id in the error shape', async () => {
    for (const id of ['3f1c2d4e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await verifyCode(ctx.app, id, '123456');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_verification', message: expect.any(String) } });
    }
  });

  it('refuses a code that is not 6 digits without spending a try', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    for (const bad of ['12345', '1234567', 'abcdef']) {
      const res = await verifyCode(ctx.app, id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.code).toBeDefined();
    }
    const wrong = await verifyCode(ctx.app, id, wrongOf(await readCode(ctx.app, phone)));
    expect(wrong.json().error.message).toContain('4 tries left');
  });
});

describe('send limits', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses a resend within 30 s with retry-after, and allows it after 31 s', async () => {
    const phone = nextPhone();
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
    ctx.clock.advance(10_000);
    const early = await sendCode(ctx.app, phone);
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('resend_too_soon');
    expect(early.headers['retry-after']).toBe('20');
    ctx.clock.advance(21_000);
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
  });

  it('a resend voids the earlier code of that number: only the latest code signs in', async () => {
    const phone = nextPhone();
    const first = (await sendCode(ctx.app, phone)).json().verification_id;
    const firstCode = await readCode(ctx.app, phone);
    ctx.clock.advance(31_000);
    const second = (await sendCode(ctx.app, phone)).json().verification_id;
    const secondCode = await readCode(ctx.app, phone);
    const stale = await verifyCode(ctx.app, first, firstCode);
    expect([stale.statusCode, stale.json().error.code]).toEqual([400, 'code_expired']);
    expect(stale.json().error.message).toMatch(/newer code/);
    // Another number's code is not touched by this resend.
    const other = nextPhone();
    const otherId = (await sendCode(ctx.app, other)).json().verification_id;
    const otherCode = await readCode(ctx.app, other);
    ctx.clock.advance(31_000);
    await sendCode(ctx.app, nextPhone());
    expect((await verifyCode(ctx.app, otherId, otherCode)).statusCode).toBe(200);
    expect((await verifyCode(ctx.app, second, secondCode)).statusCode).toBe(200);
  });

  it('refuses a 6th send to one number within the hour', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
      ctx.clock.advance(31_000);
    }
    const sixth = await sendCode(ctx.app, phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('too_many_codes');
    // The first send leaves the window 60 min after it was made: 5 x 31 s have passed.
    expect(sixth.headers['retry-after']).toBe(String(3600 - 5 * 31));
    ctx.clock.advance((3600 - 5 * 31) * 1000);
    expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
  });

  it('refuses a 21st send from one IP within the hour, whatever the number', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await sendCode(ctx.app, nextPhone(), { ip })).statusCode).toBe(200);
    const refused = await sendCode(ctx.app, nextPhone(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendCode(ctx.app, nextPhone(), { ip: nextIp() })).statusCode).toBe(200);
    ctx.clock.advance(3_601_000);
    expect((await sendCode(ctx.app, nextPhone(), { ip })).statusCode).toBe(200);
  });

  it('takes the per-address limit from OTP_SENDS_PER_IP_PER_HOUR', async () => {
    const own = await createAuthTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '2' } });
    try {
      const ip = nextIp();
      for (let i = 0; i < 2; i++) expect((await sendCode(own.app, nextPhone(), { ip })).statusCode).toBe(200);
      const refused = await sendCode(own.app, nextPhone(), { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_requests');
    } finally {
      await own.close();
    }
  });

  it('sends once when the same number races itself', async () => {
    const phone = nextPhone();
    const results = await Promise.all(Array.from({ length: 6 }, () => sendCode(ctx.app, phone)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('signs in once when the right code is verified twice at the same moment', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    const results = await Promise.all(Array.from({ length: 4 }, () => verifyCode(ctx.app, id, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('counts wrong tries exactly when they race', async () => {
    const phone = nextPhone();
    const id = (await sendCode(ctx.app, phone)).json().verification_id;
    const code = await readCode(ctx.app, phone);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => verifyCode(ctx.app, id, wrongOf(code))),
    );
    const byCode = results.map((r) => r.json().error.code);
    expect(byCode.filter((c) => c === 'invalid_code')).toHaveLength(4);
    expect(byCode.filter((c) => c === 'too_many_attempts')).toHaveLength(4);
    expect((await verifyCode(ctx.app, id, code)).statusCode).toBe(429);
  });

  it(`holds the IP limit under concurrent sends (${testDbKind})`, async () => {
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => sendCode(ctx.app, nextPhone(), { ip })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});
