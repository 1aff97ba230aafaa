import { CONTACT_SUCCESS_MESSAGE } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { contactMessages, helpRequests, users } from '../../db/schema.ts';
import { MESSAGES_PER_IP_PER_HOUR } from './contact.service.ts';

const contact = {
  name: 'Asha Rao',
  company_name: 'Rao Foods',
  phone_number: '9876543210',
  email: 'asha@example.com',
  message: 'We want lamp posts in Pune for Diwali.',
};
const help = {
  phone_number: '+91 98765 43210',
  email: '',
  message: 'Which dates are free?',
  is_customized: true,
};

describe('POST /api/contact/ and /api/help/', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestApp();
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

  it('stores a contact message and answers 201 with its id and the success text', async () => {
    const res = await post('/api/contact/', { ...contact, name: '  Asha Rao  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ data: { id: expect.any(Number) }, message: CONTACT_SUCCESS_MESSAGE });
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.data.id));
    expect(row).toMatchObject({
      name: 'Asha Rao',
      companyName: 'Rao Foods',
      phoneNumber: '9876543210',
      email: 'asha@example.com',
      message: contact.message,
    });
  });

  it.each([
    ['name', { name: '   ' }],
    ['company_name', { company_name: undefined }],
    ['phone_number', { phone_number: '98765' }],
    ['phone_number', { phone_number: '98765abcde' }],
    ['email', { email: 'not-an-email' }],
    ['message', { message: '' }],
  ])(
    'refuses a contact message with a bad %s with 400 naming the field, storing nothing',
    async (field, change) => {
      const res = await post('/api/contact/', { ...contact, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
      expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(0);
    },
  );

  it('stores a help request from a visitor without a user, an empty email as none', async () => {
    const res = await post('/api/help/', help);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ id: expect.any(Number) });
    const [row] = await ctx.database.db.select().from(helpRequests).where(eq(helpRequests.id, data.id));
    expect(row).toMatchObject({
      phoneNumber: '+91 98765 43210',
      email: null,
      isCustomized: true,
      userId: null,
    });
  });

  it('attaches the signed-in user to a help request', async () => {
    const token = await signedInToken(ctx, '9123456789');
    const res = await post(
      '/api/help/',
      { ...help, email: 'me@example.com' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.phoneNumber, '9123456789'));
    const [row] = await ctx.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, res.json().data.id));
    expect(row.userId).toBe(user.id);
    expect(row.email).toBe('me@example.com');
  });

  it('defaults is_customized to false', async () => {
    const res = await post('/api/help/', { phone_number: '9876543210', message: 'Call me' });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(helpRequests);
    expect(row.isCustomized).toBe(false);
  });

  it.each([
    ['phone_number', { phone_number: '987654321' }],
    ['phone_number', { phone_number: '98765x43210' }],
    ['email', { email: 'nope' }],
    ['message', { message: '  ' }],
    ['is_customized', { is_customized: 'yes' }],
  ])('refuses a help request with a bad %s with 400 naming the field', async (field, change) => {
    const res = await post('/api/help/', { ...help, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
    expect(await ctx.database.db.select().from(helpRequests)).toHaveLength(0);
  });

  it('answers a help request with an invalid token 401 rather than filing it anonymously', async () => {
    const res = await post('/api/help/', help, { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(401);
  });

  it(`takes at most ${MESSAGES_PER_IP_PER_HOUR} contact messages per IP an hour, then 429 until the next hour`, async () => {
    for (let i = 0; i < MESSAGES_PER_IP_PER_HOUR; i += 1) {
      expect((await post('/api/contact/', contact)).statusCode).toBe(201);
    }
    const refused = await post('/api/contact/', contact);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(MESSAGES_PER_IP_PER_HOUR);

    // Another address, and the help form, have their own allowance.
    expect((await post('/api/contact/', contact, {}, '198.51.100.9')).statusCode).toBe(201);
    expect((await post('/api/help/', help)).statusCode).toBe(201);

    ctx.clock.advance(retryAfter * 1000);
    expect((await post('/api/contact/', contact)).statusCode).toBe(201);
  });

  it('keeps the counters of past hours from piling up', async () => {
    await post('/api/contact/', contact);
    await post('/api/help/', help, {}, '198.51.100.9');
    ctx.clock.advance(2 * 3_600_000);
    await post('/api/contact/', contact);
    const rows = await ctx.database.db.execute(`select key, value from app_meta where key like 'rate:%'`);
    const list = ((rows as { rows?: unknown[] }).rows ?? rows) as Array<{ key: string; value: string }>;
    expect(list).toHaveLength(1);
    expect(list[0].value).toBe('1');
  });

  it('lets exactly the allowance through when requests arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: MESSAGES_PER_IP_PER_HOUR + 5 }, () =>
        post('/api/contact/', contact, {}, '192.0.2.44'),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MESSAGES_PER_IP_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});
