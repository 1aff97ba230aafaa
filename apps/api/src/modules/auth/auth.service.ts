import { randomUUID } from 'node:crypto';
import {
  AUTH_ERROR_CODES as E,
  OTP_MAX_SENDS_PER_IP_PER_HOUR,
  OTP_MAX_SENDS_PER_NUMBER_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_VALIDITY_SECONDS,
  type OtpSendResponse,
  type OtpVerifyResponse,
  RESEND_LOCK_SECONDS,
  toE164,
} from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/errors.ts';
import { signToken } from '../../lib/jwt.ts';
import { verifyBotToken } from '../bot-check/bot-check.service.ts';
import { dltRefusal, prepareSms, SmsNotRegisteredError } from '../sms/sms.service.ts';
import { recordNoticeAccepted } from '../users/consents.service.ts';
import { userOfSession } from '../users/users.service.ts';
import {
  consumeCode,
  deleteCode,
  findCodeForUpdate,
  insertCode,
  lockSendKeys,
  purgeOldCodes,
  recentSends,
  recordWrongAttempt,
  voidOpenCodes,
} from './auth.repository.ts';
import { codeHmac, codeMatches, ipHash, newCode } from './otp-code.ts';
import { createSession } from './sessions.service.ts';

const HOUR_MS = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const limited = (code: string, message: string, retryAfterSeconds: number) =>
  new HttpError(429, code, message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

const secondsUntil = (from: Date, plusMs: number, now: Date) =>
  Math.ceil((from.getTime() + plusMs - now.getTime()) / 1000);

function smsText(template: string, code: string): string {
  return template.includes('{code}') ? template.replaceAll('{code}', code) : `${code} ${template}`;
}

/**
 * POST /auth/otp/send (docs/product-rules.md section 5). The answer is the same whether or not the number has an
 * account. Limits are counted in the database under advisory locks, so they hold across API processes.
 */
export async function sendOtp(
  deps: AppDeps,
  input: { phoneNumber: string; botToken?: string; consentVersion?: string; ip: string },
  log: FastifyBaseLogger,
): Promise<OtpSendResponse> {
  await verifyBotToken(deps, input.botToken);
  const { config, database, clock } = deps;
  const now = clock.now();
  const id = randomUUID();
  const code = newCode();
  const ip = ipHash(config.jwtSecret, input.ip);

  await inTransaction(database.db, async (tx) => {
    await lockSendKeys(tx, input.phoneNumber, ip);
    const since = new Date(now.getTime() - HOUR_MS);
    const sends = await recentSends(tx, input.phoneNumber, ip, since);
    const last = sends.phone.at(-1);
    if (last && now.getTime() - last.getTime() < RESEND_LOCK_SECONDS * 1000) {
      const wait = secondsUntil(last, RESEND_LOCK_SECONDS * 1000, now);
      throw limited(E.resendTooSoon, `Please wait ${wait} seconds before requesting another code.`, wait);
    }
    if (sends.phone.length >= OTP_MAX_SENDS_PER_NUMBER_PER_HOUR) {
      const wait = secondsUntil(
        sends.phone[sends.phone.length - OTP_MAX_SENDS_PER_NUMBER_PER_HOUR],
        HOUR_MS,
        now,
      );
      throw limited(
        E.tooManyCodes,
        `Too many codes were sent to this number. Please try again in ${Math.ceil(wait / 60)} minutes.`,
        wait,
      );
    }
    const perIp = config.otpSendsPerIpPerHour ?? OTP_MAX_SENDS_PER_IP_PER_HOUR;
    if (sends.ip.length >= perIp) {
      const wait = secondsUntil(sends.ip[sends.ip.length - perIp], HOUR_MS, now);
      throw limited(
        E.tooManyRequests,
        `Too many codes were requested from your network. Please try again in ${Math.ceil(wait / 60)} minutes.`,
        wait,
      );
    }
    await purgeOldCodes(tx, input.phoneNumber, since);
    // Only the latest code signs in: one that leaked, or sits in an old message, is void once replaced.
    await voidOpenCodes(tx, input.phoneNumber, now);
    await insertCode(tx, {
      id,
      phoneNumber: input.phoneNumber,
      codeHmac: codeHmac(config.jwtSecret, id, code),
      ipHash: ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_VALIDITY_SECONDS * 1000),
      consentVersion: input.consentVersion ?? null,
    });
  });

  try {
    // The registered DLT template login_code (sms/sms-templates.ts); in production an unregistered one is
    // not sent, and the log says why.
    const sms = prepareSms(config, 'login_code', [code], smsText(config.sms.template, code));
    const refusal = dltRefusal(config, sms);
    if (refusal) throw new SmsNotRegisteredError(refusal);
    await deps.sms.send(toE164(input.phoneNumber), sms.text, sms.dlt);
  } catch (err) {
    // A code that never went out must not count against the limits or be usable.
    await deleteCode(database.db, id);
    log.warn(
      { reason: err instanceof Error ? err.message : 'unknown' },
      'sms: sending a sign-in code failed',
    );
    throw new HttpError(
      502,
      E.smsFailed,
      'We could not send the SMS right now. Please try again in a moment.',
    );
  }
  return { verification_id: id, resend_after_s: RESEND_LOCK_SECONDS, expires_in_s: OTP_VALIDITY_SECONDS };
}

type VerifyOutcome =
  | { kind: 'ok'; phoneNumber: string; consentVersion: string | null }
  | { kind: 'unknown' | 'used' | 'void' | 'expired' | 'replaced' }
  | { kind: 'wrong'; triesLeft: number };

/**
 * POST /auth/otp/verify. The row is locked while it is judged, so one code signs in once even when two
 * verifies race; a wrong try is committed before the error is answered.
 */
export async function verifyOtp(
  deps: AppDeps,
  input: { verificationId: string; code: string; device: string; ip: string },
): Promise<{ answer: OtpVerifyResponse; session: { token: string; expiresAt: Date } }> {
  const { config, database, clock } = deps;
  const now = clock.now();
  const outcome: VerifyOutcome = !UUID.test(input.verificationId)
    ? { kind: 'unknown' }
    : await inTransaction(database.db, async (tx): Promise<VerifyOutcome> => {
        const row = await findCodeForUpdate(tx, input.verificationId);
        if (!row) return { kind: 'unknown' };
        if (row.consumedAt) return { kind: 'used' };
        if (row.attempts >= OTP_MAX_WRONG_TRIES) return { kind: 'void' };
        if (row.expiresAt.getTime() <= now.getTime()) {
          // voidOpenCodes cut its life short: a newer code was sent to the number.
          const replaced = row.expiresAt.getTime() - row.createdAt.getTime() < OTP_VALIDITY_SECONDS * 1000;
          return { kind: replaced ? 'replaced' : 'expired' };
        }
        if (!codeMatches(config.jwtSecret, row.id, input.code, row.codeHmac)) {
          const attempts = await recordWrongAttempt(tx, row.id);
          return { kind: 'wrong', triesLeft: OTP_MAX_WRONG_TRIES - attempts };
        }
        await consumeCode(tx, row.id, now);
        return { kind: 'ok', phoneNumber: row.phoneNumber, consentVersion: row.consentVersion };
      });

  switch (outcome.kind) {
    case 'ok': {
      // A verified code signs in: a session row for the cookie (browsers), and a bearer token bound to
      // the same session for API clients, so ending the session ends both (docs/decisions/042).
      const user = await userOfSession(database.db, outcome.phoneNumber);
      // The notice shown before this code, now tied to a proven number (never to one merely typed in).
      if (outcome.consentVersion)
        await recordNoticeAccepted(database.db, user.id, outcome.consentVersion, now);
      const session = await createSession(deps, { userId: user.id, device: input.device, ip: input.ip });
      const { token, expiresAt } = await signToken(
        { phone_number: outcome.phoneNumber, sid: session.id },
        config.jwtSecret,
        now,
      );
      return {
        answer: { token, expires_at: expiresAt.toISOString(), phone_number: outcome.phoneNumber },
        session: { token: session.token, expiresAt: session.expiresAt },
      };
    }
    case 'unknown':
      throw new HttpError(
        400,
        E.invalidVerification,
        'This sign-in request is not valid. Please request a new code.',
      );
    case 'used':
      throw new HttpError(400, E.codeUsed, 'This code was already used. Please request a new code.');
    case 'expired':
      throw new HttpError(400, E.codeExpired, 'This code has expired. Please request a new code.');
    case 'replaced':
      throw new HttpError(
        400,
        E.codeExpired,
        'A newer code was sent to this number. Please enter the latest code.',
      );
    case 'void':
      throw new HttpError(429, E.tooManyAttempts, 'Too many wrong tries. Please request a new code.');
    case 'wrong':
      if (outcome.triesLeft <= 0) {
        throw new HttpError(
          429,
          E.tooManyAttempts,
          'Wrong code, and that was the last try. Please request a new code.',
        );
      }
      throw new HttpError(
        400,
        E.invalidCode,
        `Wrong code. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`,
        { code: 'Wrong code' },
      );
  }
}
