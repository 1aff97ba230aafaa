import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * One hit on `key`'s counter of a `windowMs` window, in one statement: a new or expired counter starts at 1
 * with a fresh window, a live one counts on. Answers the count and the window's milliseconds left. The row
 * lock of the upsert orders concurrent hits from several replicas, so none is lost.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const result = await db.execute(sql`
    insert into request_limits (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when request_limits.resets_at <= now() then 1 else request_limits.hits + 1 end,
      resets_at = case when request_limits.resets_at <= now() then excluded.resets_at else request_limits.resets_at end
    returning hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::int as ttl_ms`);
  const row = (result as unknown as { rows: Array<{ hits: number; ttl_ms: number }> }).rows[0];
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** The counter as it stands, without a hit (the store's `read`). */
export async function peek(db: Db, key: string): Promise<{ hits: number; ttlMs: number }> {
  const result = await db.execute(sql`
    select hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::int as ttl_ms
    from request_limits where key = ${key} and resets_at > now()`);
  const row = (result as unknown as { rows: Array<{ hits: number; ttl_ms: number }> }).rows[0];
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/** Counters whose window ended: nothing reads them again. */
export async function dropExpired(db: Db): Promise<void> {
  await db.execute(sql`delete from request_limits where resets_at < now() - interval '1 minute'`);
}
