import { z } from 'zod';
import { OTP_LENGTH } from '../constants.ts';
import { PHONE_PATTERN } from '../rules/phone.ts';

/** A 10-digit Indian mobile number (starts 6-9), without +91: the API adds the prefix itself. */
export const mobileNumberSchema = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9');

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`);

/** GET /api/auth/challenge: an ALTCHA v2 proof-of-work challenge, handed as is to the solver. */
export const botChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    })
    .loose(),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof botChallengeSchema>;

/** POST /api/auth/otp/send. bot_token is the ALTCHA payload (base64 JSON of challenge and solution). */
export const otpSendBodySchema = z.object({
  phone_number: mobileNumberSchema,
  bot_token: z.string().max(8000).optional(),
});
export type OtpSendBody = z.infer<typeof otpSendBodySchema>;

export const otpSendResponseSchema = z.object({
  verification_id: z.string(),
  resend_after_s: z.number().int(),
  expires_in_s: z.number().int(),
});
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;

/** POST /api/auth/otp/verify. */
export const otpVerifyBodySchema = z.object({
  verification_id: z.string().trim().min(1, 'Required').max(100),
  code: otpCodeSchema,
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;

export const otpVerifyResponseSchema = z.object({
  token: z.string(),
  /** ISO timestamp, one hour after sign-in. */
  expires_at: z.string(),
  phone_number: z.string(),
});
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponseSchema>;

/**
 * error.code values of the sign-in calls, so the web can map each to a plain sentence.
 * Plus the generic ones: bad_request (400), unauthorized (401).
 */
export const AUTH_ERROR_CODES = {
  /** 400: bot_token missing, malformed, unsolved, expired or already used: fetch a new challenge. */
  botCheckFailed: 'bot_check_failed',
  /** 429 (retry-after): a code was sent to this number less than 30 s ago. */
  resendTooSoon: 'resend_too_soon',
  /** 429 (retry-after): 5 codes to this number in the last hour. */
  tooManyCodes: 'too_many_codes',
  /** 429 (retry-after): 20 codes from this network in the last hour. */
  tooManyRequests: 'too_many_requests',
  /** 502: the SMS gateway failed; nothing was sent, try again. */
  smsFailed: 'sms_failed',
  /** 400: unknown verification_id. */
  invalidVerification: 'invalid_verification',
  /** 400: wrong code; the message says how many tries are left. */
  invalidCode: 'invalid_code',
  /** 429: five wrong tries; the code is void, request a new one. */
  tooManyAttempts: 'too_many_attempts',
  /** 400: older than 5 minutes. */
  codeExpired: 'code_expired',
  /** 400: this code already signed someone in. */
  codeUsed: 'code_used',
  /** 403: login_with_phone with a number other than the token's. */
  phoneMismatch: 'phone_mismatch',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** GET /api/dev/sms-outbox (console SMS provider outside production only). */
export const smsOutboxQuerySchema = z.object({ phone_number: mobileNumberSchema.optional() });
export const smsOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phone_number: z.string(), body: z.string(), created_at: z.string() })),
});
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
