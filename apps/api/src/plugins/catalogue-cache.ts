import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppInstance } from '../app-types.ts';
import { isDevKey } from './dev-only.ts';

/**
 * The catalogue response cache (docs/decisions/010-catalogue-cache.md). Catalogue reads (products, filters,
 * standard campaigns) are the same for every visitor and change only when a site, a campaign or a booking
 * does, so their serialised answers are kept and served without touching the database.
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

interface Entry {
  body: string;
  generation: number;
  expiresAt: number;
  gzip?: Buffer;
  /** The body as UTF-8 bytes, made on its first plain hit. */
  bytes?: Buffer;
  /** The whole header block of an early hit, plain and gzipped (writeHit), made on its first hit. */
  headers?: Record<string, string>;
  gzipHeaders?: Record<string, string>;
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';
const MAX_ENTRIES = 2000;
/** Answers larger than this are not kept (a 200-item page is ~180 KB). */
const MAX_BODY_BYTES = 512 * 1024;
/** Tables whose change alters product facts (rows, counts); a booking does not. */
const PRODUCT_TABLES = new Set(['products', 'categories']);

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

  constructor(readonly enabled = true) {}

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

  set(key: string, entry: Entry): void {
    if (entry.generation !== this.generation || entry.body.length > MAX_BODY_BYTES) return;
    this.entries.set(key, entry);
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

/** The key and generation of a cacheable request; absent when it was served from the cache or bypassed it. */
const startedIn = new WeakMap<FastifyRequest, { key: string; generation: number }>();

/** JSON with object keys sorted at every level, so two spellings of one query give one string. */
function canonicalJson(value: unknown): string {
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
function bypassRequested(request: FastifyRequest): boolean {
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

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A hit written straight to the socket (from onRequest for a known address, else from preHandler): the
 * headers every answer carries (the security headers, the same object plugins/security-headers.ts adds in
 * onSend; "Connection: close" once shutdown began, as plugins/drain.ts does) and the entry's own, built
 * once per entry. Skipping Fastify's reply and its four onSend hooks is most of what a hit cost beyond a
 * bare Fastify (decision 051); a test checks a hit's headers against a database answer's.
 */
function writeHit(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
  const { server } = request;
  let body: string | Buffer = entry.body;
  let headers: Record<string, string>;
  if (entry.body.length >= 1024 && acceptsGzip(request)) {
    entry.gzip ??= gzipSync(entry.body);
    body = entry.gzip;
    headers = entry.gzipHeaders ??= {
      ...server.securityHeaders,
      'content-type': JSON_TYPE,
      'x-cache': 'hit',
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
      'content-length': String(entry.gzip.length),
    };
  } else {
    // Encoded once per entry: a string body is encoded to UTF-8 again on every write (a page is 20-30 KB).
    entry.bytes ??= Buffer.from(entry.body);
    body = entry.bytes;
    headers = entry.headers ??= {
      ...server.securityHeaders,
      'content-type': JSON_TYPE,
      'x-cache': 'hit',
      'content-length': String(entry.bytes.length),
    };
  }
  reply.hijack();
  reply.raw.writeHead(200, server.draining() ? { ...headers, connection: 'close' } : headers);
  reply.raw.end(body);
}

/**
 * Registers the cache hooks (before compression, so onSend sees the JSON text) and the change listener.
 * With a TTL of 0 nothing is cached.
 */
export async function registerCatalogueCache(app: AppInstance): Promise<CatalogueCache> {
  const ttlMs = app.deps.config.catalogueCacheTtlMs;
  const cache = new CatalogueCache(ttlMs > 0);
  app.decorate('catalogueCache', cache);
  if (!cache.enabled) return cache;
  const now = () => app.deps.clock.now().getTime();

  const unlisten = await app.deps.database.listen(CATALOGUE_CHANNEL, {
    onNotice: (table) => cache.invalidate(table),
    onGap: () => cache.invalidate(),
  });
  app.addHook('onClose', async () => unlisten());

  // The address as sent -> the key its validated query gave. The key needs the route's validation, so the
  // first request of an address is looked up in preHandler; once that address is known, its hits are
  // served from onRequest, before parsing the query again, validating it and writing its canonical JSON
  // (issue 23: a cached read was 0.29-0.72x a bare Fastify, most of the gap in those steps). The same
  // address always validates to the same key, so this answers exactly what preHandler would. Bounded: a
  // stream of made-up addresses only evicts other addresses, never an answer.
  const keysByUrl = new LRUCache<string, string>({ max: MAX_ENTRIES * 4 });
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config?.catalogueCache === true;

  app.addHook('onRequest', (request, reply, done) => {
    const key = keysByUrl.get(request.url);
    const entry = key === undefined ? undefined : cache.get(key, now());
    // A bypass asks for the database path: preHandler sees to it.
    if (entry !== undefined && cacheable(request) && request.headers['cache-control'] === undefined) {
      writeHit(request, reply, entry);
    }
    // After a hit the reply is hijacked (sent): Fastify runs nothing more for it.
    done();
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!cacheable(request)) return;
    if (bypassRequested(request)) {
      reply.header('x-cache', 'bypass');
      return;
    }
    const key = catalogueCacheKey(request);
    keysByUrl.set(request.url, key);
    const entry = cache.get(key, now());
    // Hijacked and sent: Fastify runs neither the handler nor the onSend hooks for it.
    if (entry) return writeHit(request, reply, entry);
    startedIn.set(request, { key, generation: cache.generation });
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const started = startedIn.get(request);
    if (started !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      startedIn.delete(request);
      cache.set(started.key, { body: payload, generation: started.generation, expiresAt: now() + ttlMs });
      reply.header('x-cache', 'miss');
    }
    done(null, payload);
  });
  return cache;
}
