import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { isDevKey } from '../../plugins/dev-only.ts';
import { type CatalogueReads, createCatalogueReads } from './catalogue-reads.ts';
import { memoryRateLimitStore } from './memory-rate-limit-store.ts';
import { postgresRateLimitStore } from './postgres-rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue reads that miss the cache go through here (statement timeout, PGlite's bounded queue). */
    catalogueReads: CatalogueReads;
  }
}

/** The route config that puts a route under the per-IP limit of expensive reads (one budget for all). */
export const EXPENSIVE_READS = { rateLimit: { groupId: 'expensive-reads' } } as const;

/** Query keys of the map's clusters call that cost nothing extra: the view alone is read from memory. */
const CLUSTER_VIEW_KEYS = new Set(['bbox', 'zoom']);

/**
 * Whether this catalogue read is one of the expensive ones (DESIGN 21): a search, free for my dates, or
 * clusters with filters. A cache hit never gets here (the catalogue cache answers it in an earlier hook).
 */
export function isExpensiveRead(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const given = (name: string) => typeof query[name] === 'string' && (query[name] as string).trim() !== '';
  if (given('search') || given('available_from')) return true;
  if (request.routeOptions.url?.endsWith('/product/clusters')) {
    return Object.keys(query).some((k) => !CLUSTER_VIEW_KEYS.has(k) && given(k));
  }
  return false;
}

/**
 * Per-IP limits of expensive catalogue reads, counted in PostgreSQL with DATABASE_URL (so they hold across
 * replicas) and in memory on PGlite (one process). Counted in preHandler, after validation and after the
 * catalogue cache has answered its hits. Register before the routes.
 */
export async function registerFairUse(app: AppInstance): Promise<void> {
  const { config, database } = app.deps;
  app.decorate(
    'catalogueReads',
    createCatalogueReads(database, {
      statementTimeoutMs: config.catalogueStatementTimeoutMs,
      queueMax: config.catalogueQueueMax,
    }),
  );
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    max: config.expensiveReadsPerIpPerMinute,
    timeWindow: 60_000,
    // Only the expensive reads count; a holder of the dev key (the bench, the operator) is not limited.
    allowList: (request) => !isExpensiveRead(request) || isDevKey(config, request.headers['x-dev-key']),
    keyGenerator: (request) => `ip:${request.ip}:`,
    store:
      database.kind === 'postgres'
        ? postgresRateLimitStore(database.db, (err) =>
            app.log.warn({ err }, 'expired request limits were not dropped'),
          )
        : memoryRateLimitStore(),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        'Too many searches from your address; try again in a minute.',
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });
}
