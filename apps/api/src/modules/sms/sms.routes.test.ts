import { describe, expect, it } from 'vitest';
import { createAuthTestApp, nextPhone, sendCode } from '../auth/auth.test-helpers.ts';

describe('GET /api/dev/sms-outbox', () => {
  it('lists the console provider messages for one number, newest first', async () => {
    const ctx = await createAuthTestApp();
    try {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      ctx.clock.advance(31_000);
      await sendCode(ctx.app, phone);
      await sendCode(ctx.app, nextPhone());
      const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phone}` });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json();
      expect(messages).toHaveLength(2);
      expect(messages.every((m: { phone_number: string }) => m.phone_number === phone)).toBe(true);
      expect(Date.parse(messages[0].created_at) - Date.parse(messages[1].created_at)).toBe(31_000);
      const all = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
      expect(all.json().messages).toHaveLength(3);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone_number=123' });
      expect(bad.statusCode).toBe(400);
    } finally {
      await ctx.close();
    }
  });

  it('does not exist in production, even with the console provider allowed', async () => {
    const ctx = await createAuthTestApp({
      env: { NODE_ENV: 'production', ALLOW_CONSOLE_SMS: 'true', ALLOW_SANDBOX_PAYMENTS: 'true' },
    });
    try {
      const phone = nextPhone();
      expect((await sendCode(ctx.app, phone)).statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phone}` });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
