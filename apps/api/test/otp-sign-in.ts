import type { DestinationStream } from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppInstance } from '../src/app-types.ts';
import type { Database } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import type { BotCheckDifficulty } from '../src/modules/bot-check/bot-check-difficulty.ts';
import type { SmsProvider } from '../src/modules/sms/sms.provider.ts';
import { checkAnswersAgainstOpenApi } from './openapi-check.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * Sign-in as a person does it, through the API: an OTP sent, read from the dev outbox, verified; and the
 * app those tests need (an SMS provider, a log stream, the bot check). The auth, SMS and user tests use
 * it, and any test whose subject is a real session. A test that only needs someone signed in uses
 * test/sign-in.ts (the factory's `person()`, `tokenFor`).
 */

/** A proof of work the test solver finishes in milliseconds. */
export const EASY_BOT_CHECK: BotCheckDifficulty = { cost: 10, minCounter: 1, maxCounter: 20 };

export interface AuthTestContext {
  app: AppInstance;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * Like test/test-app.ts createTestApp, plus the sign-in deps: an injected SMS provider, a captured log
 * stream and the bot-check difficulty.
 */
export async function createAuthTestApp(
  options: {
    env?: Record<string, string>;
    sms?: SmsProvider;
    logStream?: DestinationStream;
    botCheckDifficulty?: BotCheckDifficulty;
  } = {},
): Promise<AuthTestContext> {
  const database = await createTestDatabase();
  const clock = new ManualClock(new Date('2026-11-22T06:30:00Z'));
  const app = await buildApp({
    database,
    config: testConfig(options.env),
    clock,
    sms: options.sms,
    logStream: options.logStream,
    botCheckDifficulty: options.botCheckDifficulty ?? EASY_BOT_CHECK,
  });
  await app.ready();
  checkAnswersAgainstOpenApi(app);
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let phoneCounter = 0;
/** A fresh valid mobile number per call, so tests in one file do not share limits. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `98765${String(phoneCounter).padStart(5, '0')}`;
}

let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function sendCode(app: AppInstance, phone: string, extra: { ip?: string; bot_token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/otp/send',
    payload: { phone_number: phone, ...(extra.bot_token ? { bot_token: extra.bot_token } : {}) },
    remoteAddress: extra.ip ?? nextIp(),
  });
}

export function verifyCode(app: AppInstance, verificationId: string, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { verification_id: verificationId, code },
  });
}

/** The dev outbox of one number, with the dev key the app read from its DATA_DIR (DATA_DIR/dev-outbox-key). */
export const smsOutboxUrl = (app: AppInstance, phone: string) =>
  `/api/dev/sms-outbox?key=${encodeURIComponent(app.deps.config.devKey ?? '')}&phone_number=${phone}`;

/** The newest code the console provider wrote for this number, read the way the e2e tests do. */
export async function readCode(app: AppInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: smsOutboxUrl(app, phone) });
  expect(res.statusCode).toBe(200);
  const body = res.json().messages[0]?.body as string;
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error('no code in the outbox');
  return match[1];
}

/** The whole journey up to a token (bot check off). */
export async function signIn(app: AppInstance, phone: string): Promise<string> {
  const sent = await sendCode(app, phone);
  expect(sent.statusCode).toBe(200);
  const verified = await verifyCode(app, sent.json().verification_id, await readCode(app, phone));
  expect(verified.statusCode).toBe(200);
  return verified.json().token as string;
}

export { bearer } from './api-calls.ts';
