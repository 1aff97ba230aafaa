import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppInstance } from '../app.ts';

/**
 * The catalogue response cache (docs/decisions/010-catalogue-cache.md). Catalogue reads (products, filters,
 * standard campaigns) are the same for every visitor and change only when a site, a campaign or a booking
 * does, so their serialised answers are kept by URL and served without touching the database.
 *
 * Freshness: a trigger on every table these answers read NOTIFYs 'catalogue_changed' on commit; every API
 * process LISTENs and moves to a new generation, which drops all answers of older ones. An answer computed
 * while a change committed keeps the generation it started in, so it is never served as current. A lost
 * listening connection counts as a change. The TTL bounds what no notice reports: a hold running out, and
 * the IST date rolling over (unavailable dates start today).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET answers the same to everyone, from catalogue tables only: cache it by URL. */
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

  constructor(readonly enabled = true) {}

  /** Everything cached so far is stale; product facts too when `table` is a product table or unknown. */
  invalidate(table?: string): void {
    this.generation += 1;
    this.entries.clear();
    if (table === undefined || PRODUCT_TABLES.has(table)) {
      this.productsGeneration += 1;
      this.facts.clear();
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

/** The generation a cacheable request started in; undefined when it was served from the cache. */
const startedIn = new WeakMap<FastifyRequest, number>();

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q\s*=\s*0(\.0*)?\s*(,|$))/i.test(header);
}

function sendHit(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
  if (entry.body.length >= 1024 && acceptsGzip(request)) {
    // Compressed once per entry, not once per request; @fastify/compress leaves encoded bodies alone.
    entry.gzip ??= gzipSync(entry.body);
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(entry.gzip);
  }
  return reply.send(entry.body);
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

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.catalogueCache) return;
    const entry = cache.get(request.url, now());
    if (entry) return sendHit(request, reply, entry);
    startedIn.set(request, cache.generation);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const generation = startedIn.get(request);
    if (generation === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    startedIn.delete(request);
    cache.set(request.url, { body: payload, generation, expiresAt: now() + ttlMs });
    reply.header('x-cache', 'miss');
    return payload;
  });
  return cache;
}
