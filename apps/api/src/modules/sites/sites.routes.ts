import {
  errorResponseSchema,
  idParamSchema,
  partnerSitePageSchema,
  partnerSiteResponseSchema,
  partnerSitesQuerySchema,
  SITE_PHOTO_MAX_BYTES,
  siteBulkBodySchema,
  siteBulkResponseSchema,
  siteCreateBodySchema,
  sitePhotoFileParamsSchema,
  sitePhotoParamsSchema,
  siteStatusBodySchema,
  siteUpdateBodySchema,
} from '@ooh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { notFound } from '../../lib/errors.ts';
import { fileResponse } from '../../lib/file-response.ts';
import { readOneUpload } from '../../lib/read-upload.ts';
import { ALL_ROLES, requireMember } from '../../plugins/auth.ts';
import { bulkSites } from './site-bulk.service.ts';
import { addPhoto, makeCover, removePhoto } from './site-photos.service.ts';
import {
  createSite,
  getPartnerSite,
  moveSite,
  partnerSitesPage,
  updatePartnerSite,
} from './sites.service.ts';

/**
 * A media owner's sites (docs/product-rules.md sections 8 and 13). Only members of an approved owner: anonymous 401,
 * a buyer or a pending or rejected applicant 403; another owner's site or photo 404.
 */
export async function sitesRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireMember(app, { statuses: ['approved'], missing: 403 });
  // Field members read sites and bookings too (decision 046); the rest is for admins and managers.
  // A suspended owner reads its sites (their bookings go on) but adds and edits none (DESIGN 7).
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403, roles: ALL_ROLES });
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const one = {
    200: partnerSiteResponseSchema,
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    ...denied,
  };
  const deps = () => ({ db: app.deps.database.db, clock: app.deps.clock });
  const photoDeps = (request: FastifyRequest) => ({ ...deps(), storage: app.deps.storage, log: request.log });
  const acting = (request: FastifyRequest) => ({ ownerId: request.mediaOwner!.id, userId: request.user!.id });
  const tags = ['partner'];

  app.get(
    '/partner/sites',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary: 'Own sites, in id order; filter by status, search name, code, city or address',
        security,
        querystring: partnerSitesQuerySchema,
        response: { 200: partnerSitePageSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => partnerSitesPage(app.deps.database.db, request.mediaOwner!.id, request.query),
  );

  app.post(
    '/partner/sites',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a site (a draft until submitted); site_code optional, generated when absent',
        security,
        body: siteCreateBodySchema,
        response: {
          201: partnerSiteResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSite(deps(), acting(request), request.body) }),
  );

  app.post(
    '/partner/sites/bulk',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'One action on many own sites, all or nothing: price (rupees, or percent), pause, resume, or block ' +
          '(from_date, to_date exclusive, reason). 409 lists every site the action cannot apply to.',
        security,
        body: siteBulkBodySchema,
        response: {
          200: siteBulkResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const result = await bulkSites(app.deps, acting(request), request.body);
      return { data: { action: request.body.action, ...result } };
    },
  );

  app.get(
    '/partner/sites/:id',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary: 'One own site with its photos',
        security,
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await getPartnerSite(app.deps.database.db, request.mediaOwner!.id, request.params.id),
    }),
  );

  app.patch(
    '/partner/sites/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Change fields of an own site. On a live or paused site name and location wait for review ' +
          '(pending_changes); other fields apply at once (a price applies to orders placed after it).',
        security,
        params: idParamSchema,
        body: siteUpdateBodySchema,
        response: one,
      },
    },
    async (request) => ({
      data: await updatePartnerSite(deps(), acting(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/partner/sites/:id/status',
    {
      onRequest,
      schema: {
        tags,
        summary: 'submit (draft or rejected -> pending), pause (live -> paused), resume (paused -> live)',
        security,
        params: idParamSchema,
        body: siteStatusBodySchema,
        response: one,
      },
    },
    async (request) => ({
      data: await moveSite(deps(), acting(request), request.params.id, request.body.action),
    }),
  );

  app.post(
    '/partner/sites/:id/photos',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Upload a photo (multipart, one file: JPEG, PNG or WebP by content, at most 10 MB). It waits for ' +
          'review; answers the site.',
        security,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: {
          ...one,
          201: partnerSiteResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Someone else's site is a 404 before the upload is read.
      await getPartnerSite(app.deps.database.db, request.mediaOwner!.id, request.params.id);
      const { buffer } = await readOneUpload(request, { label: 'photo', maxBytes: SITE_PHOTO_MAX_BYTES });
      const site = await addPhoto(photoDeps(request), acting(request), request.params.id, buffer);
      return reply.status(201).send({ data: site });
    },
  );

  app.delete(
    '/partner/sites/:id/photos/:photoId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a photo (at once); answers the site',
        security,
        params: sitePhotoParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await removePhoto(photoDeps(request), acting(request), request.params.id, request.params.photoId),
    }),
  );

  app.post(
    '/partner/sites/:id/photos/:photoId/cover',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Make a photo the cover (first); answers the site',
        security,
        params: sitePhotoParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await makeCover(photoDeps(request), acting(request), request.params.id, request.params.photoId),
    }),
  );

  // Display copies are public (buyers' pages show them) and never change under one name: cached for a year.
  app.get(
    '/media/site-photos/:siteId/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A site photo’s display copy (WebP)',
        params: sitePhotoFileParamsSchema,
        response: {
          200: fileResponse('image/webp', 'The display copy'),
          304: z.null().describe('Not modified: the If-None-Match tag is this file'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, typedReply) => {
      // The body is the image's bytes, not JSON: answered as a plain reply.
      const reply = typedReply as unknown as FastifyReply;
      const { siteId, file } = request.params;
      const etag = `"${file.replace(/\.webp$/, '')}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const stored = await app.deps.storage.get(`site-photos/${siteId}/${file}`);
      if (!stored) {
        reply.removeHeader('cache-control').removeHeader('etag');
        throw notFound('Photo');
      }
      reply.type('image/webp');
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
}
