import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppInstance } from '../../app.ts';
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

  constructor(private readonly app: AppInstance) {}

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
    const now = deps.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.generation === cache.generation && hit.expiresAt > now)
      return { body: hit.body, cache: 'hit' };
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
