import {
  errorResponseSchema,
  idParamSchema,
  opsOrderProofsSchema,
  PROOF_PHOTO_MAX_BYTES,
  partnerProofLinesSchema,
  proofResponseSchema,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse } from '../../lib/file-response.ts';
import { readOneUpload } from '../../lib/read-upload.ts';
import { ALL_ROLES, isOperator, requireAuth, requireMember, requireOperator } from '../../plugins/auth.ts';
import { withdrawProof } from './proof-withdrawal.service.ts';
import {
  lineTakingProof,
  listProofLines,
  orderProofsForOperator,
  postProof,
  proofImage,
} from './proofs.service.ts';

const lineParamSchema = z.object({ lineId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Proofs of posting (docs/product-rules.md sections 9 and 13, decision 029): the media owner posts photos of a line
 * on its own sites; the buyer, the owner and operators see them with their checks.
 */
export async function proofsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  // Field members read sites and bookings, download print files and post proofs too (decision 046).
  // A suspended owner posts proofs for the paid bookings that go on (DESIGN 7); their payouts stay held.
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403, roles: ALL_ROLES });
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const deps = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    log: request.log,
  });

  app.get(
    '/partner/proofs',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary:
          "Lines on the owner's sites running now or starting within a week, each with its proofs and " +
          'whether a proof can be posted now',
        security,
        response: { 200: partnerProofLinesSchema, ...denied },
      },
    },
    async (request) => ({ data: await listProofLines(deps(request), request.mediaOwner!.id) }),
  );

  app.post(
    '/partner/lines/:lineId/proofs',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary:
          'Post a proof photo (multipart, one file: JPEG, PNG or WebP by content, at most 25 MB) from the ' +
          "line's first day, once its creative is approved. Always stored; answers the proof with its " +
          'checks (position within 250 m, EXIF time within the booking, not a copy of an earlier proof).',
        security,
        consumes: ['multipart/form-data'],
        params: lineParamSchema,
        response: {
          201: proofResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const acting = { ownerId: request.mediaOwner!.id, userId: request.user!.id };
      // Another owner's line is a 404, and a line taking no proof a 409, before the upload is read.
      await lineTakingProof(deps(request), acting.ownerId, request.params.lineId);
      const { buffer } = await readOneUpload(request, { label: 'photo', maxBytes: PROOF_PHOTO_MAX_BYTES });
      const proof = await postProof(deps(request), acting, request.params.lineId, buffer);
      return reply.status(201).send({ data: proof });
    },
  );

  app.delete(
    '/partner/proofs/:id',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: 'Withdraw a proof within 24 hours of posting it (409 later); audited',
        security,
        params: idParamSchema,
        response: { 204: z.null(), 404: errorResponseSchema, 409: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await withdrawProof(
        { db: app.deps.database.db, clock: app.deps.clock },
        { ownerId: request.mediaOwner!.id, userId: request.user!.id },
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/ops/orders/:id/proofs',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: "An order's lines with their proofs of posting and the checks' results",
        security,
        params: idParamSchema,
        response: { 200: opsOrderProofsSchema, 404: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await orderProofsForOperator(deps(request), request.params.id) }),
  );

  app.get(
    '/proofs/:id/image',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary:
          "A proof's display copy (WebP, metadata stripped): for the order's buyer, the site's media " +
          'owner and operators',
        security,
        params: idParamSchema,
        response: {
          200: fileResponse('image/webp', 'The display copy'),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const file = await proofImage(
        deps(request),
        { userId: user.id, isOperator: isOperator(app, user) },
        request.params.id,
      );
      reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body as never);
    },
  );
}
