import { smsOutboxQuerySchema, smsOutboxResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app.ts';
import { devOutboxEnabled, listDevOutbox } from './sms.service.ts';

/** GET /api/dev/sms-outbox: the console provider's messages, newest first. Not registered otherwise (404). */
export async function smsRoutes(app: AppInstance): Promise<void> {
  if (!devOutboxEnabled(app.deps.config, app.deps.sms)) return;
  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Dev SMS outbox (console provider, never in production)',
        querystring: smsOutboxQuerySchema,
        response: { 200: smsOutboxResponseSchema },
      },
    },
    async (request) => ({ messages: await listDevOutbox(app.deps.database.db, request.query.phone_number) }),
  );
}
