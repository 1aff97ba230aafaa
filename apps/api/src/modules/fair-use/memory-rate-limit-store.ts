type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Counters kept at most; the oldest window goes first past it (a flood of addresses cannot grow memory). */
const MAX_KEYS = 10_000;

/**
 * The per-IP counters of one process (PGlite serves one), one map for every route of the group: the
 * plugin's own LocalStore keeps one per route (`child`), which would give each route its own budget.
 * The store interface of @fastify/rate-limit's README ("Custom stores").
 */
export function memoryRateLimitStore(now: () => number = Date.now) {
  const counters = new Map<string, { hits: number; resetsAt: number }>();
  return class MemoryRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      let counter = counters.get(key);
      if (!counter || counter.resetsAt <= at) {
        counters.delete(key);
        counter = { hits: 0, resetsAt: at + timeWindow };
        if (counters.size >= MAX_KEYS) counters.delete(counters.keys().next().value as string);
        counters.set(key, counter);
      }
      counter.hits += 1;
      callback(null, { current: counter.hits, ttl: counter.resetsAt - at });
    }

    read(key: string, callback: Callback): void {
      const at = now();
      const counter = counters.get(key);
      if (!counter || counter.resetsAt <= at) callback(null, { current: 0, ttl: 0 });
      else callback(null, { current: counter.hits, ttl: counter.resetsAt - at });
    }

    child(): MemoryRateLimitStore {
      return this;
    }
  };
}
