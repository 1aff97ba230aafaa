import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { withHeadTags } from '../lib/map-tiles.ts';
import { etagOf, notModified, sharedCacheControl } from './catalogue-cache.ts';
import { hasSession, type KeptPage, keptBody, PageCache } from './page-cache.ts';

/** What the API hands each page render (apps/web/src/lib/server-api.ts reads it). */
interface LoadContext {
  nonce: string;
  /** PUBLIC_URL without a trailing slash: canonical links and Open Graph URLs (apps/web/src/lib/page-meta.ts). */
  publicUrl: string;
  api: (
    path: string,
    init?: { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown },
  ) => Promise<{ status: number; body: unknown }>;
}

type RequestHandler = (request: Request, context: LoadContext) => Promise<Response>;

/** The web build's server half: React Router's server build (apps/web/dist/server/index.js). */
interface ServerBuild {
  entry: { module: { createRequestHandler: (build: ServerBuild, mode?: string) => RequestHandler } };
}

export interface WebApp {
  /** The browser's files (dist/client), served as they are. */
  clientDir: string;
  /**
   * Renders the page at this request's address (any GET that is no API route and no file), or answers a
   * page's form sent before its scripts ran (a POST with the form's fields, handled by the route's action).
   */
  render(app: AppInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The page request's own origin headers, for the API call a form's action makes on its behalf. */
function forwardedOrigin(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['origin', 'referer', 'host'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
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
 * these CSP sources. Public pages are kept by address for up to `cacheTtlMs` (plugins/page-cache.ts; 0: never).
 */
export async function loadWebApp(
  dist: string,
  headTags: string,
  pageHeaders: (scripts: string[]) => Record<string, string>,
  cacheTtlMs: number,
): Promise<WebApp> {
  const build = (await import(pathToFileURL(serverBuildFile(dist)).href)) as ServerBuild;
  const handle = build.entry.module.createRequestHandler(build, 'production');
  const pages = new PageCache(cacheTtlMs);

  /**
   * Sends a rendered or kept page through Fastify's reply: its policy lists `scripts` (a fresh answer's
   * nonce, or hashes alone). `shared`: the page is the same for every visitor (kept, or keepable), so a
   * proxy may keep it and its ETag answers a matching If-None-Match with 304.
   */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: KeptPage,
    scripts: string[],
    shared: boolean,
    cache?: 'hit' | 'miss',
    noStore?: string,
  ) => {
    // A page rendered with a session cookie may hold that user's data (a signed-in order page): for this
    // browser only, never a shared cache's.
    reply.header(
      'cache-control',
      noStore ??
        (shared
          ? sharedCacheControl(request, cacheTtlMs)
          : request.headers.cookie
            ? 'private, no-cache'
            : 'no-cache'),
    );
    reply.headers(pageHeaders(scripts));
    reply.header('vary', 'accept-encoding, cookie');
    if (cache) reply.header('x-cache', cache);
    // Compressed here: the not-found route (every page's) gets no @fastify/compress.
    const { body, encoding, etag } = keptBody(page, String(request.headers['accept-encoding'] ?? ''));
    if (shared) {
      reply.header('etag', etag);
      if (reply.statusCode === 200 && notModified(request, etag)) return reply.code(304).send();
    }
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  return {
    clientDir: path.join(dist, 'client'),
    async render(app, request, reply) {
      const cookie = request.headers.cookie;
      const now = () => app.deps.clock.now().getTime();
      const generation = app.catalogueCache.generation;
      // A form's answer (POST) is one visitor's; GET and HEAD are everyone's.
      const keepable =
        request.method !== 'POST' && pages.enabled && app.catalogueCache.enabled && !hasSession(cookie);
      const kept = keepable ? pages.get(request.url, generation, now()) : undefined;
      if (kept) {
        reply.code(200);
        for (const [name, value] of kept.headers) reply.header(name, value);
        return send(request, reply, kept, kept.scripts, true, 'hit');
      }

      const nonce = randomBytes(16).toString('base64');
      // Whether every API answer the page was rendered from is the catalogue's, the same for everyone.
      let shared = true;
      const context: LoadContext = {
        nonce,
        publicUrl: app.deps.config.publicUrl,
        api: async (apiPath, init) => {
          // A form's action sends on the visitor's behalf: the API sees their address (its rate limits) and,
          // for a change, the page's Origin, Referer and Host, which the form's POST has already shown to be
          // this site's (pageForms' same-origin check), so a signed-in call passes the API's CSRF check as
          // the scripts' own call would.
          const answer = await app.inject({
            method: init?.method ?? 'GET',
            url: apiPath,
            headers: { ...(cookie ? { cookie } : {}), ...(init ? forwardedOrigin(request) : {}) },
            remoteAddress: request.ip,
            ...(init?.body !== undefined ? { payload: init.body as object } : {}),
          });
          const cached = answer.headers['x-cache'];
          if (cached !== 'hit' && cached !== 'miss') shared = false;
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
      const sent = request.method === 'POST' && typeof request.body === 'string';
      const response = await handle(
        new Request(
          url,
          sent ? { method: 'POST', headers, body: request.body as string } : { method: 'GET', headers },
        ),
        context,
      );
      reply.code(response.status);
      const answerHeaders = [...response.headers].filter(
        ([name]) => name !== 'content-length' && name !== 'content-encoding',
      );
      for (const [name, value] of answerHeaders) reply.header(name, value);
      // A route that says its page is never stored (one approver's link: its `headers`) is neither kept here
      // nor by anyone else, whether the document or its `.data` request.
      const routeCache = response.headers.get('cache-control') ?? '';
      const noStore = /\bno-store\b/.test(routeCache) ? routeCache : undefined;
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith('text/html')) {
        reply.header('cache-control', noStore ?? (cookie ? 'private, no-cache' : 'no-cache'));
        return reply.send(Buffer.from(await response.arrayBuffer()));
      }
      const html = withHeadTags(await response.text(), headTags);
      const page: KeptPage = {
        html,
        headers: answerHeaders,
        scripts: nonceScriptHashes(html, nonce),
        tag: etagOf(html),
        generation,
        expiresAt: now() + pages.ttlMs,
      };
      const keep =
        keepable && shared && !noStore && response.status === 200 && !response.headers.has('set-cookie');
      if (keep) pages.set(request.url, page);
      const scripts = [`'nonce-${nonce}'`, ...page.scripts];
      return send(request, reply, page, scripts, keep, keep ? 'miss' : undefined, noStore);
    },
  };
}

/** True when `dist` holds a web build this server can render with. */
export const isWebBuild = (dist: string) => existsSync(serverBuildFile(dist));
