import { errorResponseSchema, smsOutboxQuerySchema, smsOutboxResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { devToolsOnly } from '../../plugins/dev-only.ts';
import { devOutboxEnabled, listDevOutbox } from './sms.service.ts';

/**
 * GET /api/dev/sms-outbox?key=&phone_number=: the console provider's messages to one number, newest first.
 * Not registered otherwise, and 404 to any request without the dev key of DATA_DIR/dev-outbox-key, through
 * a proxy or not from this machine's loopback socket: the codes in it sign anyone in (docs/product-rules.md section 1).
 */
export async function smsRoutes(app: AppInstance): Promise<void> {
  if (!devOutboxEnabled(app.deps.config, app.deps.sms)) return;
  app.get(
    '/dev/sms-outbox',
    {
      onRequest: devToolsOnly,
      schema: {
        tags: ['dev'],
        summary:
          'Dev SMS outbox of one number (console provider, loopback and the dev key only, never in production)',
        querystring: smsOutboxQuerySchema,
        // 404 to anyone not on this machine's loopback socket, as if the route did not exist.
        response: { 200: smsOutboxResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ messages: await listDevOutbox(app.deps.database.db, request.query.phone_number) }),
  );
}
