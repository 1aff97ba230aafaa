import type { Db } from '../../db/client.ts';
import { dropExpired, hit, peek } from './request-limits.repository.ts';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are dropped about once in this many hits. */
const SWEEP_EVERY = 500;

/**
 * @fastify/rate-limit's store interface (its README, "Custom stores": `incr`, `read`, `child`) on
 * PostgreSQL, so a per-IP limit holds across every replica of one database (DESIGN 21). The plugin makes
 * the store with `new Store(options)`, so the database comes in through this factory.
 */
export function postgresRateLimitStore(db: Db, onError: (err: unknown) => void) {
  let sinceSweep = 0;
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      sinceSweep += 1;
      if (sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        dropExpired(db).catch(onError);
      }
      hit(db, key, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.ttlMs }),
        (err) => callback(err as Error),
      );
    }

    read(key: string, callback: Callback): void {
      peek(db, key).then(
        (r) => callback(null, { current: r.hits, ttl: r.ttlMs }),
        (err) => callback(err as Error),
      );
    }

    /** One table for every route: the keys carry the route group (the plugin's groupId). */
    child(): PostgresRateLimitStore {
      return this;
    }
  };
}
