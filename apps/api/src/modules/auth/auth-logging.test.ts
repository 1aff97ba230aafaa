import { Writable } from 'node:stream';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  bearer,
  createAuthTestApp,
  readCode,
  verifyCode,
} from '../../../test/otp-sign-in.ts';

describe('logs of a full sign-in', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp({ env: { LOG_LEVEL: 'info', BOT_CHECK: 'on' }, logStream });
  });
  afterAll(() => ctx.close());

  it('hold neither the phone number, the code, the token, the PAN nor the GSTIN', async () => {
    const phone = '9123456789';
    const pan = 'AAPFU0939F';
    const gst = '27AAPFU0939F1ZV';
    const challenge = (await ctx.app.inject({ method: 'GET', url: '/api/auth/challenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const botToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { phone_number: phone, bot_token: botToken },
    });
    expect(sent.statusCode).toBe(200);
    const code = await readCode(ctx.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verifyCode(ctx.app, sent.json().verification_id, wrong)).statusCode).toBe(400);
    const verified = await verifyCode(ctx.app, sent.json().verification_id, code);
    const { token } = verified.json();
    const headers = bearer(token);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login_with_phone/',
      headers,
      payload: { phone_number: phone },
    });
    await ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers });
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/update_user_by_phone/',
      headers,
      payload: {
        first_name: 'Asha',
        last_name: 'Rao',
        phone_number: phone,
        company: 'Rao Media',
        gst,
        pan,
        address_line_1: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
    });
    expect(updated.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(`${token}x`) });

    const log = lines.join('');
    // The capture works: every request left lines, and the SMS line names the masked number.
    expect(lines.length).toBeGreaterThanOrEqual(16);
    expect(log).toContain('/api/dev/sms-outbox?key=%5Bredacted%5D&phone_number=%5Bredacted%5D');
    expect(log).toContain(`********${phone.slice(-2)}`);
    for (const secret of [
      ctx.app.deps.config.devKey!,
      phone,
      code,
      token,
      token.split('.')[2],
      pan,
      gst,
      botToken.slice(0, 40),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
