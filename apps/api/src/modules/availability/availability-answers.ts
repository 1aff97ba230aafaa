import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppInstance } from '../../app-types.ts';
import { isDevKey } from '../../plugins/dev-only.ts';

/**
 * The availability check's serialised answers, kept by the validated body (issue 23, docs/decisions/049):
 * a cart and its checkout ask the same ranges again and again, and the answer changes only when a booking,
 * hold or block does. Fresh as the catalogue cache's answers are (decision 010): an answer belongs to the
 * catalogue generation it was computed in, and any change to the bookings (their trigger NOTIFYs
 * catalogue_changed, which every process LISTENs to) moves the generation, so it is never served again;
 * CATALOGUE_CACHE_TTL_MS bounds what no notice reports (a hold running out). A table of its own, smaller
 * than the catalogue's, so a stream of made-up bodies evicts only other availability answers. The dev key
 * with `Cache-Control: no-cache` takes the database path (the benchmark's "uncached" row).
 */
export class AvailabilityAnswers {
  private readonly entries = new LRUCache<string, { body: string; generation: number; expiresAt: number }>({
    max: 500,
  });

  /**
   * The body as received (before validation) -> the key its validated form gave, so a known body is
   * answered in preValidation without validating its 50 ranges again (issue 23: the cached check was
   * 0.21-0.23x a bare Fastify). The same body always validates to the same key. Bounded like the answers.
   */
  private readonly keysByBody = new LRUCache<string, string>({ max: 2000 });
  private readonly received = new WeakMap<FastifyRequest, string>();

  constructor(private readonly app: AppInstance) {}

  /** The kept answer for a body seen before, or undefined (then validation and the handler run). */
  early(request: FastifyRequest): string | undefined {
    const { catalogueCache: cache, deps } = this.app;
    if (!cache.enabled || deps.config.catalogueCacheTtlMs <= 0) return undefined;
    // A bypass asks for the database path: the handler sees to it.
    if (request.headers['cache-control'] !== undefined) return undefined;
    const received = JSON.stringify(request.body);
    const key = this.keysByBody.get(received);
    if (key !== undefined) {
      const hit = this.fresh(key);
      if (hit !== undefined) return hit;
    }
    this.received.set(request, received);
    return undefined;
  }

  private fresh(key: string): string | undefined {
    const hit = this.entries.get(key);
    const { catalogueCache: cache, deps } = this.app;
    if (hit && hit.generation === cache.generation && hit.expiresAt > deps.clock.now().getTime())
      return hit.body;
    return undefined;
  }

  async answer(
    request: FastifyRequest,
    compute: () => Promise<string>,
  ): Promise<{ body: string; cache: 'hit' | 'miss' | 'bypass' }> {
    const { catalogueCache: cache, deps } = this.app;
    const ttlMs = deps.config.catalogueCacheTtlMs;
    if (!cache.enabled || ttlMs <= 0 || bypassRequested(this.app, request)) {
      return { body: await compute(), cache: 'bypass' };
    }
    // The body as the schema parsed it: the same ranges in the same order give one key.
    const key = JSON.stringify(request.body);
    const received = this.received.get(request);
    if (received !== undefined) this.keysByBody.set(received, key);
    const now = deps.clock.now().getTime();
    const hit = this.fresh(key);
    if (hit !== undefined) return { body: hit, cache: 'hit' };
    const generation = cache.generation;
    const body = await compute();
    // Computed while a change committed: not kept, as the catalogue cache does.
    if (generation === cache.generation) this.entries.set(key, { body, generation, expiresAt: now + ttlMs });
    return { body, cache: 'miss' };
  }
}

function bypassRequested(app: AppInstance, request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return (
    typeof header === 'string' &&
    /(^|,)\s*no-cache\s*(,|$)/i.test(header) &&
    isDevKey(app.deps.config, request.headers['x-dev-key'])
  );
}
