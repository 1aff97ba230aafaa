import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isLoopbackAddress } from '../lib/loopback.ts';
import { sendNotFound } from './error-handler.ts';

/**
 * Headers that some proxy, load balancer or CDN sets on what it relays. A request carrying any of them
 * came through one, whatever its socket says. Every X-Forwarded-* and X-Original-* header counts too.
 */
const PROXY_HEADERS = new Set([
  'forwarded',
  'forwarded-for',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'cf-ray',
  'cdn-loop',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-proxyuser-ip',
  'x-originating-ip',
  'x-remote-ip',
  'x-remote-addr',
  'x-envoy-external-address',
  'x-azure-clientip',
  'x-appengine-user-ip',
  'akamai-origin-hop',
]);

function viaProxy(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => PROXY_HEADERS.has(name) || name.startsWith('x-forwarded-') || name.startsWith('x-original-'),
  );
}

/** Whether `given` is the dev key, compared in constant time (both hashed first, so lengths leak nothing). */
export function isDevKey(config: Pick<Config, 'devKey'>, given: unknown): boolean {
  if (!config.devKey || typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(keyDigest(config.devKey), digest(given));
}

const digest = (v: string) => createHash('sha256').update(v).digest();

/** The server's own key hashed once (it is asked on every uncached catalogue read the bench sends). */
let known: { key: string; digest: Buffer } | undefined;
function keyDigest(key: string): Buffer {
  if (known?.key !== key) known = { key, digest: digest(key) };
  return known.digest;
}

/**
 * onRequest hook of the development endpoints (docs/product-rules.md section 1, docs/decisions/012 and 040). They
 * answer only a request that (1) comes from this machine's loopback socket - the socket's own address,
 * never X-Forwarded-For or request.ip, which a client or a proxy setting can make say anything; (2) carries
 * no proxy header; and (3) names the dev key of DATA_DIR/dev-outbox-key in `?key=`. The key is what holds
 * when a reverse proxy on this machine relays the world without adding any header (nginx's default
 * proxy_pass): it connects from loopback too. Anyone else gets the same 404 as a route that does not exist.
 */
export async function devToolsOnly(request: FastifyRequest, reply: FastifyReply) {
  const key = (request.query as Record<string, unknown> | undefined)?.key;
  const allowed =
    isLoopbackAddress(request.socket.remoteAddress) &&
    !viaProxy(request) &&
    isDevKey(request.server.deps.config, key);
  if (!allowed) return sendNotFound(request, reply);
}
