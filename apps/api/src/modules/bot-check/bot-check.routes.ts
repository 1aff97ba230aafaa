import { botChallengeSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { createBotChallenge } from './bot-check.service.ts';

/** GET /api/auth/challenge: served even with BOT_CHECK=off, so the client flow is the same everywhere. */
export async function botCheckRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/auth/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'ALTCHA proof-of-work challenge for POST /auth/otp/send (bot_token)',
        response: { 200: botChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotChallenge(app.deps);
    },
  );
}
