import { errorResponseSchema } from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { devToolsOnly } from '../../plugins/dev-only.ts';
import { devMailOutboxEnabled, listDevMailOutbox } from './mail.service.ts';

const querySchema = z.object({
  to: z.email().max(254),
  /** The dev key of DATA_DIR/dev-outbox-key, checked before validation (plugins/dev-only.ts). */
  key: z.string().max(200).optional(),
});
const responseSchema = z.object({
  messages: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() }),
  ),
});

/**
 * GET /api/dev/mail-outbox?key=&to=: the dev mail outbox of one address, newest first. Like the SMS
 * outbox: registered only with the outbox provider outside production, and 404 to anything but loopback
 * with the dev key.
 */
export async function mailRoutes(app: AppInstance): Promise<void> {
  if (!devMailOutboxEnabled(app.deps.config, app.deps.mail)) return;
  app.get(
    '/dev/mail-outbox',
    {
      onRequest: devToolsOnly,
      schema: {
        tags: ['dev'],
        summary:
          'Dev mail outbox of one address (outbox provider, loopback and the dev key only, never in production)',
        querystring: querySchema,
        // 404 to anyone not on this machine's loopback socket, as if the route did not exist.
        response: { 200: responseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ messages: await listDevMailOutbox(app.deps.database.db, request.query.to) }),
  );
}
