import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origins the web app's pages are served from. PUBLIC_URL, when set, is the only one: a reverse proxy
 * may rewrite Host, but it cannot change the address the visitor's browser names in Origin. Without it
 * (loopback development, tests) the server's own address as the request reached it counts too.
 */
function allowedOrigins(config: Config, request: FastifyRequest): string[] {
  const origins = [originOf(config.publicUrl)];
  if (!config.publicUrlSet && request.headers.host) {
    origins.push(originOf(`${request.protocol}://${request.headers.host}`));
  }
  return origins.filter((o): o is string => o !== undefined);
}

/**
 * CSRF protection of calls signed in by the session cookie (docs/decisions/042): a state-changing call
 * (POST, PUT, PATCH, DELETE) must name this site in Origin, or in Referer when a browser leaves Origin out.
 * SameSite=Lax already keeps the cookie off other sites' POSTs; this holds also for a sibling subdomain,
 * an older browser, or a GET-turned-POST redirect. Bearer calls are exempt: no browser attaches them on
 * its own.
 */
export function assertSameOrigin(config: Config, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (origin && allowedOrigins(config, request).includes(origin)) return;
  throw new HttpError(
    403,
    'cross_site_request',
    "This request did not come from this site's pages. Reload the page and try again.",
  );
}
