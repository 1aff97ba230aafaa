import {
  CREATIVE_MAX_BYTES,
  creativeFileQuerySchema,
  creativeRejectBodySchema,
  creativeResponseSchema,
  creativeUploadParamsSchema,
  errorResponseSchema,
  idParamSchema,
  lineIdParamSchema,
  partnerCreativeLineSchema,
  partnerCreativesQuerySchema,
  partnerCreativesResponseSchema,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { binarySchema, fileResponse, PDF } from '../../lib/file-response.ts';
import { readOneUpload } from '../../lib/read-upload.ts';
import { ALL_ROLES, isOperator, requireAuth, requireMember } from '../../plugins/auth.ts';
import {
  buyerLine,
  creativeFile,
  ownerCreatives,
  reviewLineCreative,
  uploadCreative,
} from './creatives.service.ts';
import { jobSheetPdf } from './job-sheet.ts';

/**
 * `inline` for images, `attachment` for PDFs (never rendered by the browser on our origin); both named.
 * `download` (the console's print-file link, decision 046) makes every file an attachment.
 */
export function contentDisposition(contentType: string, fileName: string, download = false): string {
  const kind = contentType.startsWith('image/') && !download ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Creatives (docs/product-rules.md sections 9 and 13): the buyer uploads a line's artwork; the buyer, the site's media
 * owner and operators can read the file; the media owner approves or rejects it.
 */
export async function creativesRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const deps = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    log: request.log,
  });

  app.post(
    '/orders/:id/lines/:lineId/creative',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary:
          "Upload a line's artwork (multipart, one file: JPEG, PNG, WebP or PDF by content, at most 50 MB) " +
          'until 3 days before the start; replaces a creative waiting for review or a rejected one. ' +
          'Answers the creative with its aspect-ratio warning.',
        security,
        consumes: ['multipart/form-data'],
        params: creativeUploadParamsSchema,
        response: {
          201: creativeResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, lineId } = request.params;
      // Another user's line is a 404 before the upload is read.
      await buyerLine(app.deps.database.db, request.user!.id, id, lineId);
      const { buffer, filename } = await readOneUpload(request, {
        label: 'creative',
        maxBytes: CREATIVE_MAX_BYTES,
      });
      const creative = await uploadCreative(deps(request), request.user!.id, id, lineId, buffer, filename);
      return reply.status(201).send({ data: creative });
    },
  );

  app.get(
    '/creatives/:id/file',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary:
          "A creative's file as uploaded: to the order's buyer, the site's media owner and operators (others " +
          '404); with download=1 as an attachment under its original name (the print file)',
        security,
        params: idParamSchema,
        querystring: creativeFileQuerySchema,
        response: {
          200: {
            description: 'The file as uploaded (its type was checked by content)',
            content: {
              'image/jpeg': { schema: binarySchema },
              'image/png': { schema: binarySchema },
              'image/webp': { schema: binarySchema },
              'application/pdf': { schema: binarySchema },
            },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await creativeFile(
        deps(request),
        { userId: request.user!.id, operator: isOperator(app, request.user!) },
        request.params.id,
      );
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header(
          'content-disposition',
          contentDisposition(found.contentType, found.fileName, request.query.download === '1'),
        )
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(found.file.body as never);
    },
  );

  // A suspended owner's paid bookings go on (DESIGN 7): it reviews and downloads their artwork and job sheets.
  const onRequest = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403 });
  // Field members read sites and bookings, download print files and post proofs too (decision 046).
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403, roles: ALL_ROLES });
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const tags = ['partner'];
  const acting = (request: FastifyRequest) => ({ ownerId: request.mediaOwner!.id, userId: request.user!.id });
  const lineResponse = z.object({ data: partnerCreativeLineSchema });
  const decided = {
    200: lineResponse,
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    ...denied,
  };

  app.get(
    '/partner/lines/:lineId/job-sheet.pdf',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary:
          "The mounting crew's job sheet of a line on an own site (PDF): site, code, address, position, first " +
          'and last day, a thumbnail of the approved artwork',
        security,
        params: lineIdParamSchema,
        response: {
          200: fileResponse(PDF, 'The job sheet'),
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await jobSheetPdf(
        { db: app.deps.database.db, storage: app.deps.storage },
        request.mediaOwner!.id,
        request.params.lineId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/partner/creatives',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary: 'Creatives of lines on own sites: waiting for review (default), approved, rejected or all',
        security,
        querystring: partnerCreativesQuerySchema,
        response: { 200: partnerCreativesResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({
      data: await ownerCreatives(app.deps.database.db, request.mediaOwner!.id, request.query),
      status: request.query.status,
    }),
  );

  app.post(
    '/partner/lines/:lineId/creative/approve',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Approve the creative waiting for review on a line of an own site (the buyer is told by SMS)',
        security,
        params: lineIdParamSchema,
        response: decided,
      },
    },
    async (request) => ({
      data: await reviewLineCreative(deps(request), acting(request), request.params.lineId, {
        approve: true,
      }),
    }),
  );

  app.post(
    '/partner/lines/:lineId/creative/reject',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Reject the creative waiting for review with a reason; the buyer can upload again',
        security,
        params: lineIdParamSchema,
        body: creativeRejectBodySchema,
        response: decided,
      },
    },
    async (request) => ({
      data: await reviewLineCreative(deps(request), acting(request), request.params.lineId, {
        approve: false,
        reason: request.body.reason,
      }),
    }),
  );
}
