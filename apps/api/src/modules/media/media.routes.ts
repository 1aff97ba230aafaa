import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { notFound } from '../../lib/errors.ts';
import { MediaService } from './media.service.ts';

/** An image URL never changes meaning (it is the recipe), so browsers and CDNs may keep it for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SVG = 'image/svg+xml; charset=utf-8';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { body: string | Buffer; etag: string },
  type: string,
) {
  reply.header('cache-control', CACHE_CONTROL).header('etag', image.etag);
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.type(type).send(image.body);
}

/** GET /media/...: generated site pictures, outside /api. Unknown or malformed paths are a JSON 404. */
export async function mediaRoutes(app: AppInstance): Promise<void> {
  const media = new MediaService();

  app.get('/media/placeholder.svg', { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, media.placeholder(), SVG),
  );

  app.get<{ Params: { kind: string; city: string; file: string } }>(
    '/media/sites/:kind/:city/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { kind, city, file } = request.params;
      if (MediaService.isRaster(file)) {
        const raster = await media.siteRaster(kind, city, file);
        if (!raster) throw notFound('Image');
        if (raster !== 'busy') return send(request, reply, raster, 'image/webp');
        // Too many pictures being drawn: the same picture as its drawing, for this answer only.
        const drawing = media.siteImage(kind, city, file);
        if (!drawing) throw notFound('Image');
        return reply.header('cache-control', 'no-cache').type(SVG).send(drawing.body);
      }
      const image = media.siteImage(kind, city, file);
      if (!image) throw notFound('Image');
      return send(request, reply, image, SVG);
    },
  );
}
