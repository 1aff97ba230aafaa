import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type MapTiles, mapTileImgSource } from '../lib/map-tiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries (registerSecurityHeaders). */
    securityHeaders: Record<string, string>;
  }
}

/** What Razorpay's Checkout needs from a page that opens it (its script, its frames and its calls home). */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: [
    'https://api.razorpay.com',
    'https://checkout.razorpay.com',
    'https://lumberjack.razorpay.com',
    'https://lumberjack-metrics.razorpay.com',
  ],
  img: ['https://cdn.razorpay.com'],
};

export interface PolicyOptions {
  /** script-src beyond 'self': the build's inline script hashes, or a response's nonce. */
  scripts: string[];
  /** Razorpay's Checkout is allowed (PAYMENT_PROVIDER=razorpay). */
  razorpay: boolean;
  /** Who may frame the page: nobody, except the sandbox payment window, framed by the app's own checkout. */
  framedBy: 'none' | 'self';
  /** img-src beyond 'self' and data: (the map tile server's origin, MAP_TILE_URL). */
  images?: string[];
}

/**
 * One policy for every answer (pages, files, JSON): scripts only from this origin or listed by hash (or nonce),
 * never eval; styles may be inline, since emotion writes <style> tags as MUI renders and MUI writes style
 * attributes (decision 015); everything else from this origin only.
 */
export function helmetOptions({ scripts, razorpay, framedBy, images = [] }: PolicyOptions): HelmetOptions {
  const rzp = (list: string[]) => (razorpay ? list : []);
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': [self],
        'script-src': [self, ...scripts, ...rzp(RAZORPAY.script)],
        'script-src-attr': ["'none'"],
        'style-src': [self, "'unsafe-inline'"],
        'img-src': [self, 'data:', ...images, ...rzp(RAZORPAY.img)],
        // data: for the owner's calendar: FullCalendar ships its icon font inline (decision 022). A data:
        // font makes no request, so nothing leaves this origin either way.
        'font-src': [self, 'data:'],
        'connect-src': [self, ...rzp(RAZORPAY.connect)],
        // The sandbox payment window is a same-origin frame of the checkout page.
        'frame-src': [self, ...rzp(RAZORPAY.frame)],
        'worker-src': [self],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': [self],
        'frame-ancestors': [framedBy === 'self' ? self : "'none'"],
      },
    },
    // Razorpay's window opens bank and wallet pages as popups that report back to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers honour it only over HTTPS (behind the operator's TLS proxy); this host's subdomains are not ours to pin.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    xFrameOptions: { action: framedBy === 'self' ? 'sameorigin' : 'deny' },
  };
}

/** The headers helmet sets for these options, worked out once: applying them is then a plain copy. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(options))({} as never, collect, () => {});
  return headers;
}

/**
 * Every answer carries the site's security headers: nosniff, the referrer policy, no framing and the
 * Content-Security-Policy whose script-src allows no inline script (a rendered page sends its own, with its
 * answer's nonce: pageSecurityHeaders), and whose img-src
 * names the map tile server's origin when MAP_TILE_URL is an absolute URL). Added as each answer
 * goes out (onSend), so answers made before the route (the catalogue cache's) carry them too; a route that
 * set its own (the sandbox payment window) keeps them. Built once: @fastify/helmet rebuilds helmet's
 * middleware on every request, 9 µs where a cached catalogue read takes about 25 (decision 015).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  site: { scriptHashes: string[]; razorpay: boolean; mapTiles?: MapTiles },
): void {
  const tiles = mapTileImgSource(site.mapTiles);
  const siteHeaders = securityHeaders({
    scripts: site.scriptHashes,
    razorpay: site.razorpay,
    framedBy: 'none',
    images: tiles ? [tiles] : [],
  });
  // Fastify answers a URL it cannot route (a broken %-escape) without hooks: sendFrameworkError adds these.
  app.decorate('securityHeaders', siteHeaders);
  const headers = Object.entries(siteHeaders);
  const subresourceHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
  app.addHook('onSend', (_request, reply, payload, done) => {
    const list = subresources.has(reply) ? subresourceHeaders : headers;
    for (const [name, value] of list) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}

/**
 * The headers that still mean something on a script or a stylesheet a page loads: the rest (the policy,
 * framing, COOP, the agent cluster, IE's download and XSS switches, DNS prefetch) govern a document, and a
 * script or stylesheet is never one (nosniff keeps the browser from reading it as one). A page loads ~50
 * of them; the full set is 1 KB per answer, 50 KB on the phone's first load of a page. Referrer-Policy stays
 * (a stylesheet's own requests use it), so do nosniff, CORP and HSTS.
 */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
]);
const subresources = new WeakSet<FastifyReply>();

/**
 * This answer is a script or stylesheet of the build, never a document nor a worker (a worker's policy is
 * its own script's header): only the headers that apply to such a file (SUBRESOURCE_HEADERS).
 */
export function markSubresource(reply: FastifyReply): void {
  subresources.add(reply);
}

/**
 * The headers of a page the web app rendered: the site's policy with this answer's inline scripts allowed
 * (its nonce and their hashes, plugins/web-app.ts).
 */
export function pageSecurityHeaders(site: {
  scripts: string[];
  razorpay: boolean;
  mapTiles?: MapTiles;
}): Record<string, string> {
  const tiles = mapTileImgSource(site.mapTiles);
  return securityHeaders({
    scripts: site.scripts,
    razorpay: site.razorpay,
    framedBy: 'none',
    images: tiles ? [tiles] : [],
  });
}

/**
 * A page of the API's own with one inline script allowed by a nonce fresh for this answer (the sandbox
 * payment window), framed by the app's checkout page only.
 */
export function allowFramedPageScript(reply: FastifyReply, nonce: string): void {
  reply.headers(securityHeaders({ scripts: [`'nonce-${nonce}'`], razorpay: false, framedBy: 'self' }));
}
