import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../app.ts';
import { sendNotFound } from './error-handler.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * /media: generated site images, immutable and cached for a year.
 * Everything else that is not /api: the built SPA with history fallback, so a reload of /campaign/7 works.
 */
export async function registerStatic(app: AppInstance, opts: { serveWeb: boolean }): Promise<void> {
  const { mediaDir, config } = app.deps;
  if (mediaDir) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }
  if (!opts.serveWeb) {
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  const dist = path.resolve(config.webDist ?? DEFAULT_WEB_DIST);
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist}/index.html missing): run npm run build`);
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || request.method !== 'GET') {
      return sendNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  });
}
