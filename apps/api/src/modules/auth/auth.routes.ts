import {
  errorResponseSchema,
  otpSendBodySchema,
  otpSendResponseSchema,
  otpVerifyBodySchema,
  otpVerifyResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { sendOtp, verifyOtp } from './auth.service.ts';
import { deviceSummary } from './device-summary.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { endSessions, revokeBearerToken } from './sessions.service.ts';

/** Our own OTP sign-in (docs/product-rules.md sections 4 and 5). After verify the client calls /auth/login_with_phone/. */
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
        {
          phoneNumber: request.body.phone_number,
          botToken: request.body.bot_token,
          consentVersion: request.body.consent_version,
          ip: request.ip,
        },
        request.log,
      ),
  );

  app.post(
    '/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Check the code: sets the session cookie (browsers) and answers a 1-hour bearer token (API clients)',
        body: otpVerifyBodySchema,
        response: { 200: otpVerifyResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { answer, session } = await verifyOtp(app.deps, {
        verificationId: request.body.verification_id,
        code: request.body.code,
        device: deviceSummary(request.headers['user-agent']),
        ip: request.ip,
      });
      setSessionCookie(reply, app.deps.config, session.token);
      return answer;
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['auth'],
        summary:
          'End the session in every tab: its cookie and the bearer token are refused (401) from now on',
        security: [{ bearer: [] }, { session: [] }],
        response: {
          200: z.object({ data: z.literal('Logged out') }),
          // A query string the parser cannot read (the route takes none).
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (user.token) await revokeBearerToken(app.deps.database.db, user.token, app.deps.clock.now());
      if (user.sessionId) await endSessions(app.deps, user.id, user.sessionId);
      clearSessionCookie(reply, app.deps.config);
      return { data: 'Logged out' as const };
    },
  );
}
