import {
  contactBodySchema,
  contactResponseSchema,
  errorResponseSchema,
  helpBodySchema,
  helpResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { optionalAuth } from '../../plugins/auth.ts';
import { submitContactMessage, submitHelpRequest } from './contact.service.ts';

/** The home page's contact form and the campaign pages' Help modal (docs/product-spec.md sections 2 and 7). */
export async function contactRoutes(app: AppInstance): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, clock: app.deps.clock, config: app.deps.config });

  const contactSchema = {
    tags: ['contact'],
    summary: 'Send a message through the contact form',
    body: contactBodySchema,
    response: { 201: contactResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  };
  const contact = async (request: { body: typeof contactBodySchema._output; ip: string }) =>
    submitContactMessage(deps(), request.body, request.ip);
  app.post('/contact/', { schema: contactSchema }, async (request, reply) =>
    reply.status(201).send(await contact(request)),
  );
  // The product spec's client posts to /contact/; the bare path answers the same rather than a 404.
  app.post('/contact', { schema: { ...contactSchema, hide: true } }, async (request, reply) =>
    reply.status(201).send(await contact(request)),
  );

  const helpSchema = {
    tags: ['contact'],
    summary: 'Ask for help from a campaign page; signed-in users are attached to the request',
    body: helpBodySchema,
    response: {
      201: helpResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      429: errorResponseSchema,
    },
  };
  const help = async (request: { body: typeof helpBodySchema._output; ip: string; user?: { id: number } }) =>
    submitHelpRequest(deps(), request.body, request.ip, request.user?.id ?? null);
  app.post('/help/', { schema: helpSchema, preHandler: optionalAuth(app) }, async (request, reply) =>
    reply.status(201).send(await help(request)),
  );
  app.post(
    '/help',
    { schema: { ...helpSchema, hide: true }, preHandler: optionalAuth(app) },
    async (request, reply) => reply.status(201).send(await help(request)),
  );
}
