import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestContext, createAuthTestApp, nextPhone, sendCode } from '../../../test/otp-sign-in.ts';

type Challenge = { parameters: Record<string, unknown> & { cost: number }; signature: string };
const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64');

async function fetchChallenge(ctx: AuthTestContext): Promise<Challenge> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/challenge' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the browser widget sends: base64 of {challenge, solution}. */
async function solved(ctx: AuthTestContext) {
  const challenge = await fetchChallenge(ctx);
  // biome-ignore lint/suspicious/noExplicitAny: the library's Challenge type, as it arrived over the wire
  const solution = await solveChallenge({ challenge: challenge as any, deriveKey });
  if (!solution) throw new Error('not solved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

describe('bot check (BOT_CHECK=on)', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp({ env: { BOT_CHECK: 'on' } });
  });
  afterAll(() => ctx.close());

  it('serves a signed, uncacheable ALTCHA challenge', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/challenge' });
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      keySignature: expect.any(String),
    });
    expect(challenge.parameters.data.expires_at).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 600);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a solved challenge once; the replay is refused', async () => {
    const token = encode(await solved(ctx));
    const first = await sendCode(ctx.app, nextPhone(), { bot_token: token });
    expect(first.statusCode).toBe(200);
    const replay = await sendCode(ctx.app, nextPhone(), { bot_token: token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'bot_check_failed',
      fields: { bot_token: expect.any(String) },
    });
    expect(replay.json().error.message).toMatch(/already used/);
  });

  it('accepts one of several simultaneous uses of one solution', async () => {
    const token = encode(await solved(ctx));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => sendCode(ctx.app, nextPhone(), { bot_token: token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('refuses a missing bot_token', async () => {
    const res = await sendCode(ctx.app, nextPhone());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bot_check_failed');
  });

  it('refuses garbage and unsolved payloads', async () => {
    const payload = await solved(ctx);
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    const unsolved = { challenge: payload.challenge, solution: { counter: 0, derivedKey: 'ab' } };
    for (const token of ['not base64 json', encode({ hello: 1 }), encode(wrongKey), encode(unsolved)]) {
      const res = await sendCode(ctx.app, nextPhone(), { bot_token: token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bot_check_failed');
    }
  });

  it('refuses a challenge whose parameters were changed (e.g. made cheaper)', async () => {
    const payload = await solved(ctx);
    const cheaper = { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } };
    const res = await sendCode(ctx.app, nextPhone(), {
      bot_token: encode({ ...payload, challenge: cheaper }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a challenge signed by another server', async () => {
    const other = await createAuthTestApp({
      env: { BOT_CHECK: 'on', JWT_SECRET: 'another-secret-another-secret-another-secret' },
    });
    try {
      const token = encode(await solved(other));
      const res = await sendCode(ctx.app, nextPhone(), { bot_token: token });
      expect(res.statusCode).toBe(400);
      expect((await sendCode(other.app, nextPhone(), { bot_token: token })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a challenge older than 10 minutes', async () => {
    const token = encode(await solved(ctx));
    ctx.clock.advance(10 * 60_000 + 1000);
    const res = await sendCode(ctx.app, nextPhone(), { bot_token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired/);
  });
});

describe('bot check (BOT_CHECK=off)', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp({ env: { BOT_CHECK: 'off' } });
  });
  afterAll(() => ctx.close());

  it('still serves a challenge but does not require a bot_token', async () => {
    await fetchChallenge(ctx);
    expect((await sendCode(ctx.app, nextPhone())).statusCode).toBe(200);
    expect((await sendCode(ctx.app, nextPhone(), { bot_token: 'anything' })).statusCode).toBe(200);
  });
});
