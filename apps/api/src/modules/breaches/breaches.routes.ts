import {
  breachCreateBodySchema,
  breachListResponseSchema,
  breachResponseSchema,
  breachUpdateBodySchema,
  errorResponseSchema,
  idParamSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { breachRegister, recordBreach, updateBreachSteps } from './breaches.service.ts';

/** The operators' breach register (DPDP Rules 2025 rule 7, legal/breach-rules.ts). Never cached. */
export async function breachesRoutes(app: AppInstance): Promise<void> {
  const onRequest = requireOperator(app);
  const security = [{ bearer: [] }];
  const tags = ['ops'];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
  };

  app.get(
    '/ops/breaches',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The personal data breach register, newest first, each with its 72-hour report deadline and next step',
        security,
        response: { 200: breachListResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await breachRegister(app.deps) };
    },
  );

  app.post(
    '/ops/breaches',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Record a personal data breach as it became known (audited)',
        security,
        body: breachCreateBodySchema,
        response: { 201: breachResponseSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.code(201);
      return { data: await recordBreach(app.deps, request.user!.id, request.body) };
    },
  );

  app.patch(
    '/ops/breaches/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Record a step of a breach (Board told, people told, report sent, closed) or the measures taken; a step recorded keeps its time (audited)',
        security,
        params: idParamSchema,
        body: breachUpdateBodySchema,
        response: {
          200: breachResponseSchema,
          ...errors,
          404: errorResponseSchema,
          409: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await updateBreachSteps(app.deps, request.user!.id, request.params.id, request.body) };
    },
  );
}
