import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppInstance } from '../app-types.ts';
import { isDevKey } from './dev-only.ts';
import { hasSession } from './page-cache.ts';

/**
 * The catalogue's answers, kept in the one in-process cache and served as cacheable HTTP
 * (docs/decisions/010-catalogue-cache.md, 067-standard-read-path.md). Catalogue reads (products, filters,
 * clusters, standard campaigns, city pages' data) are the same for every visitor and change only when a
 * site, a campaign or a booking does, so their serialised answers are kept and served without touching the
 * database, through Fastify's normal reply: after validation, with every onSend hook (security headers).
 *
 * HTTP: an anonymous read says `Cache-Control: public, max-age=0, s-maxage=<TTL>, stale-while-revalidate`
 * so a proxy or CDN in front may keep it, and every read carries a strong ETag (a digest of the JSON
 * text, one per content coding) that answers a matching If-None-Match with 304. A signed-in caller's copy
 * is `private, no-cache`: the bytes are the same, but no shared cache should hold a request with
 * credentials.
 *
 * Key: the route and its validated query and params (docs/decisions/014-hostile-text-and-cache-keys.md), as
 * the route's zod schemas parse them: unknown parameters dropped, defaults applied, values trimmed, keys
 * sorted. So `?state=Goa&junk=1` is a hit on the entry of `?page=1&state=Goa`, and a stream of made-up
 * parameters neither misses nor evicts anything. `Cache-Control: no-cache` on a request with the dev key
 * (the benchmark's "uncached" reads) answers from the database without reading or storing an entry.
 *
 * Freshness: a trigger on every table these answers read NOTIFYs 'catalogue_changed' on commit; every API
 * process LISTENs and moves to a new generation, which drops all answers of older ones. An answer computed
 * while a change committed keeps the generation it started in, so it is never served as current. A lost
 * listening connection counts as a change. The TTL bounds what no notice reports: a hold running out, and
 * the IST date rolling over (unavailable dates start today).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET answers the same to everyone, from catalogue tables only: cache it by route, params and
     * query. The query counts only through the route's querystring schema, so a cached route declares one
     * for every parameter it reads.
     */
    catalogueCache?: boolean;
  }
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

export interface Entry {
  body: string;
  /** A digest of the body: the ETag of its identity coding (`"<tag>"`) and of its gzip (`"<tag>-gz"`). */
  tag: string;
  generation: number;
  expiresAt: number;
  gzip?: Buffer;
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';
const MAX_ENTRIES = 2000;
/** Answers larger than this are not kept (a 200-item page is ~180 KB). */
const MAX_BODY_BYTES = 512 * 1024;
/** Tables whose change alters product facts (rows, counts); a booking does not. */
const PRODUCT_TABLES = new Set(['products', 'categories']);
/** How long past s-maxage a proxy may serve a kept answer while it asks again (RFC 5861). */
export const STALE_WHILE_REVALIDATE_S = 30;

/** The ETag of a body: a digest of its text, the same in every process. */
export const etagOf = (body: string | Buffer): string =>
  createHash('sha1').update(body).digest('base64url').slice(0, 27);

export class CatalogueCache {
  generation = 0;
  /** Moves only when products or categories change: what list counts depend on. */
  productsGeneration = 0;
  private readonly entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e) => e.body.length + (e.gzip?.length ?? 0) + 64,
  });
  /** Settled values and the ones being computed, so 64 requests for one new filter count once. */
  private readonly facts = new LRUCache<string, { value: Promise<unknown>; generation: number }>({
    max: 5000,
  });

  /** Told of every products generation: a snapshot kept per generation may rebuild before it is asked. */
  private readonly productListeners = new Set<() => void>();

  constructor(
    readonly enabled = true,
    readonly ttlMs = 0,
  ) {}

  /** Calls `listener` after each change of products or categories; returns the way to stop. */
  onProductsChange(listener: () => void): () => void {
    this.productListeners.add(listener);
    return () => this.productListeners.delete(listener);
  }

  /** Everything cached so far is stale; product facts too when `table` is a product table or unknown. */
  invalidate(table?: string): void {
    this.generation += 1;
    this.entries.clear();
    if (table === undefined || PRODUCT_TABLES.has(table)) {
      this.productsGeneration += 1;
      this.facts.clear();
      for (const listener of this.productListeners) listener();
    }
  }

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps `body` as computed in `generation`; returns its entry (kept or not: a stale one is served once). */
  set(key: string, body: string, generation: number, now: number): Entry {
    const entry: Entry = { body, tag: etagOf(body), generation, expiresAt: now + this.ttlMs };
    if (this.enabled && generation === this.generation && body.length <= MAX_BODY_BYTES) {
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * A value computed from products and categories only (e.g. how many sites match a filter), kept until
   * one of those tables changes. Bookings come and go without touching it, so a response-cache miss on a
   * busy day still skips counting 100,000 sites.
   */
  productFact<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const hit = this.facts.get(key);
    if (hit && hit.generation === this.productsGeneration) return hit.value as Promise<T>;
    const value = compute();
    this.facts.set(key, { value, generation: this.productsGeneration });
    // A failed computation is not remembered: the next request tries again.
    value.catch(() => {
      if (this.facts.get(key)?.value === value) this.facts.delete(key);
    });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** JSON with object keys sorted at every level, so two spellings of one query give one string. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const pairs = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${pairs.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an answer depends on: the route (`/api/product` and `/api/product/` answer alike) and the query and
 * params after validation. Only what the route's schema keeps can change the answer, so only that is keyed.
 */
export function catalogueCacheKey(request: FastifyRequest): string {
  const { url, schema } = request.routeOptions;
  // A route without a query schema reads no query (and Fastify leaves it unparsed): it is not part of the key.
  const query = schema?.querystring ? request.query : {};
  const params = request.params ?? {};
  return `${(url ?? '').replace(/\/$/, '')} ${canonicalJson({ params, query })}`;
}

/**
 * The client asks for an answer not taken from a cache (RFC 9111 5.2.1.4), e.g. the benchmark measuring
 * the database. Honoured only for a caller holding the dev key (`x-dev-key`, docs/product-rules.md section 1): from
 * anyone else it would take every read to the database (5,308 -> 188 req/s on PGlite), so they are served
 * from the cache like everyone.
 */
export function bypassRequested(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return (
    typeof header === 'string' &&
    /(^|,)\s*no-cache\s*(,|$)/i.test(header) &&
    isDevKey(request.server.deps.config, request.headers['x-dev-key'])
  );
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q\s*=\s*0(\.0*)?\s*(,|$))/i.test(header);
}

/** If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2) or `*`. */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** Cache-Control of an answer every visitor gets alike: shared caches may keep it, signed-in copies not. */
export function sharedCacheControl(request: FastifyRequest, ttlMs: number): string {
  if (request.headers.authorization !== undefined || hasSession(request.headers.cookie)) {
    return 'private, no-cache';
  }
  const seconds = Math.max(1, Math.floor(ttlMs / 1000));
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The representation of a kept answer this client gets: its gzip (made once per entry) when it accepts
 * one and the answer is worth it, else the JSON text; with its ETag. @fastify/compress leaves an answer
 * that already says its Content-Encoding as it is.
 */
function representation(
  request: FastifyRequest,
  entry: Entry,
): { body: string | Buffer; etag: string; gzip: boolean } {
  if (entry.body.length >= 1024 && acceptsGzip(request)) {
    entry.gzip ??= gzipSync(entry.body);
    return { body: entry.gzip, etag: `"${entry.tag}-gz"`, gzip: true };
  }
  return { body: entry.body, etag: `"${entry.tag}"`, gzip: false };
}

/**
 * The headers of a kept answer and its body as this reply's payload, or null for a 304. `http`: the
 * answer is a GET a shared cache may keep (Cache-Control, ETag, 304); a POST (the availability check) is
 * not, and gets its body alone.
 */
export function prepareCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  cache: 'hit' | 'miss',
  http: boolean,
): string | Buffer | null {
  const { body, etag, gzip } = representation(request, entry);
  reply.header('x-cache', cache).header('vary', 'accept-encoding');
  if (http) {
    reply.header('etag', etag);
    reply.header('cache-control', sharedCacheControl(request, request.server.catalogueCache.ttlMs));
    if (notModified(request, etag)) {
      reply.code(304);
      return null;
    }
  }
  reply.type(JSON_TYPE);
  if (gzip) reply.header('content-encoding', 'gzip');
  return body;
}

/** Sends a kept answer through Fastify's reply (hooks, security headers, a 304 when the client has it). */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  http: boolean,
): FastifyReply {
  const body = prepareCached(request, reply, entry, 'hit', http);
  return reply.send(body ?? undefined);
}

/** The key and generation of a cacheable request; absent when it was served from the cache or bypassed it. */
const startedIn = new WeakMap<FastifyRequest, { key: string; generation: number }>();

/**
 * Registers the cache hooks (before compression, so onSend sees the JSON text) and the change listener.
 * With a TTL of 0 nothing is cached and no answer is marked cacheable.
 */
export async function registerCatalogueCache(app: AppInstance): Promise<CatalogueCache> {
  const ttlMs = app.deps.config.catalogueCacheTtlMs;
  const cache = new CatalogueCache(ttlMs > 0, ttlMs);
  app.decorate('catalogueCache', cache);
  if (!cache.enabled) return cache;
  const now = () => app.deps.clock.now().getTime();

  const unlisten = await app.deps.database.listen(CATALOGUE_CHANNEL, {
    onNotice: (table) => cache.invalidate(table),
    onGap: () => cache.invalidate(),
  });
  app.addHook('onClose', async () => unlisten());

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config?.catalogueCache === true;

  // After validation: the key is the validated query and params.
  app.addHook('preHandler', async (request, reply) => {
    if (!cacheable(request)) return;
    if (bypassRequested(request)) {
      reply.header('x-cache', 'bypass').header('cache-control', 'no-store');
      return;
    }
    const key = catalogueCacheKey(request);
    const entry = cache.get(key, now());
    // Sent through the reply: Fastify skips the handler and runs the onSend hooks.
    if (entry) return sendCached(request, reply, entry, true);
    startedIn.set(request, { key, generation: cache.generation });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const started = startedIn.get(request);
    if (started === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    startedIn.delete(request);
    const entry = cache.set(started.key, payload, started.generation, now());
    return prepareCached(request, reply, entry, 'miss', true);
  });
  return cache;
}
