import {
  errorResponseSchema,
  otpSendBodySchema,
  otpSendResponseSchema,
  otpVerifyBodySchema,
  otpVerifyResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { sendOtp, verifyOtp } from './auth.service.ts';
import { revokeSession } from './sessions.service.ts';

/** Our own OTP sign-in (DESIGN.md sections 4 and 5). After verify the client calls /auth/login_with_phone/. */
export async function authRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/auth/otp/send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit sign-in code by SMS to +91 phone_number',
        body: otpSendBodySchema,
        response: {
          200: otpSendResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request) =>
      sendOtp(
        app.deps,
        { phoneNumber: request.body.phone_number, botToken: request.body.bot_token, ip: request.ip },
        request.log,
      ),
  );

  app.post(
    '/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the code; answers a 1-hour session token',
        body: otpVerifyBodySchema,
        response: { 200: otpVerifyResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) =>
      verifyOtp(app.deps, { verificationId: request.body.verification_id, code: request.body.code }),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['auth'],
        summary: 'End the session: the bearer token is refused (401) from now on',
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: z.literal('Logged out') }), 401: errorResponseSchema },
      },
    },
    async (request) => {
      await revokeSession(app.deps.database.db, request.user!.token, app.deps.clock.now());
      return { data: 'Logged out' as const };
    },
  );
}
