import { z } from 'zod';
import { OTP_LENGTH } from '../constants.ts';
import { CONSENT_NOTICE_VERSIONS } from '../legal/consent-notice.ts';
import { PHONE_PATTERN } from '../rules/phone.ts';
import { safeText } from './text.schemas.ts';

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
  bot_token: safeText({ max: 8000, label: 'Bot check' }).optional(),
  /**
   * The consent notice the person read before asking for the code (legal/consent-notice.ts); kept with the
   * account once the code signs in. Optional, so API clients that show none are not refused.
   */
  consent_version: z
    .enum(CONSENT_NOTICE_VERSIONS, 'Consent notice version: not one this service has published')
    .optional(),
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
  verification_id: safeText({ max: 100, label: 'Verification id', required: true }),
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
 * GET /api/dev/sms-outbox (console SMS provider outside production, loopback only, with the dev key of
 * DATA_DIR/dev-outbox-key). The number is required: the outbox never lists everyone's codes.
 */
export const smsOutboxQuerySchema = z.object({
  phone_number: mobileNumberSchema,
  /** Checked before validation: a request without the right one is answered 404. */
  key: z.string().max(200).optional(),
});
export const smsOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phone_number: z.string(), body: z.string(), created_at: z.string() })),
});
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
