import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app.ts';
import { withHeadTags } from '../lib/map-tiles.ts';

/** What the API hands each page render (apps/web/src/lib/server-api.ts reads it). */
interface LoadContext {
  nonce: string;
  api: (path: string) => Promise<{ status: number; body: unknown }>;
}

type RequestHandler = (request: Request, context: LoadContext) => Promise<Response>;

/** The web build's server half: React Router's server build (apps/web/dist/server/index.js). */
interface ServerBuild {
  entry: { module: { createRequestHandler: (build: ServerBuild, mode?: string) => RequestHandler } };
}

export interface WebApp {
  /** The browser's files (dist/client), served as they are. */
  clientDir: string;
  /** Renders the page at this request's address (any GET that is no API route and no file). */
  render(app: AppInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The server build's file in a web build folder. */
export const serverBuildFile = (dist: string) => path.join(dist, 'server', 'index.js');

/**
 * The inline scripts of a rendered page that carry this answer's nonce, as CSP hashes: the policy lists them
 * beside the nonce, so a check can tie every inline script to the policy. A script that got into the page
 * any other way (text of a record) cannot carry the nonce, which is new per answer, and is not listed.
 */
export function nonceScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attrs) || !attrs.includes(`nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/**
 * Loads the web build's request handler (docs/decisions/043-routing-framework.md). React Router renders every
 * page with its route's loader; the loaders ask this process for their API answers (`app.inject`, with the
 * page request's Cookie header), so a page's data passes the same validation and catalogue cache as the
 * browser's request, without a network hop. `headTags`: run-time settings the web app reads from its HTML
 * (the map tile server); `pageHeaders(scripts)`: the security headers of a page whose inline scripts are
 * these CSP sources.
 */
export async function loadWebApp(
  dist: string,
  headTags: string,
  pageHeaders: (scripts: string[]) => Record<string, string>,
): Promise<WebApp> {
  const build = (await import(pathToFileURL(serverBuildFile(dist)).href)) as ServerBuild;
  const handle = build.entry.module.createRequestHandler(build, 'production');
  return {
    clientDir: path.join(dist, 'client'),
    async render(app, request, reply) {
      const nonce = randomBytes(16).toString('base64');
      const cookie = request.headers.cookie;
      const context: LoadContext = {
        nonce,
        api: async (apiPath) => {
          const answer = await app.inject({ method: 'GET', url: apiPath, headers: cookie ? { cookie } : {} });
          let body: unknown = null;
          try {
            body = answer.json();
          } catch {
            // Not JSON: the loader sees the status alone.
          }
          return { status: answer.statusCode, body };
        },
      };
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const response = await handle(new Request(url, { method: 'GET', headers }), context);
      reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
      }
      // A page rendered with a session cookie may hold that user's data (a signed-in order page): for this
      // browser only, never a shared cache's.
      reply.header('cache-control', cookie ? 'private, no-cache' : 'no-cache');
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith('text/html')) return reply.send(Buffer.from(await response.arrayBuffer()));
      const html = withHeadTags(await response.text(), headTags);
      reply.headers(pageHeaders([`'nonce-${nonce}'`, ...nonceScriptHashes(html, nonce)]));
      const accepts = String(request.headers['accept-encoding'] ?? '');
      reply.header('vary', 'accept-encoding, cookie');
      // Compressed here: the not-found route (every page's) gets no @fastify/compress.
      if (/\bbr\b/.test(accepts)) {
        const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(br);
      }
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    },
  };
}

/** True when `dist` holds a web build this server can render with. */
export const isWebBuild = (dist: string) => existsSync(serverBuildFile(dist));
