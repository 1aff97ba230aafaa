import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  /** Queues a job in the caller's transaction: it exists exactly when that transaction commits. */
  send(tx: Db, name: string, data?: Record<string, unknown>): Promise<void>;
  /** Queues a job now; with `onceKey`, a job of that name and key already waiting absorbs it. */
  trigger(name: string, onceKey?: string): Promise<void>;
  /** The handler of a queue. A job whose handler throws is retried (pg-boss: 3 times, with backoff). */
  work(name: string, handler: JobHandler): void;
  /** Runs `handler` every `intervalMs`, once per interval among all processes sharing the database. */
  every(name: string, intervalMs: number, handler: JobHandler): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /**
   * Tests: runs every recurring job's handler once, now, in registration order, in this process (the
   * handlers read the app's injected clock), then any handler `also` names.
   */
  runDueJobs(): Promise<void>;
}

/** pg-boss keeps its tables in a schema of its own; the app's migrations never touch it. */
const SCHEMA = 'pgboss';

/**
 * The queue on pg-boss over the app's own connection (`database.executeSql`), so it runs alike on
 * PostgreSQL and on PGlite (docs/decisions/028). Handlers and schedules are registered before start().
 */
export function createJobQueue(database: Database, log: { error(o: object, m: string): void }): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    // Our own throttled sends replace cron (minute granularity); maintenance archives old jobs.
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const handlers = new Map<string, JobHandler>();
  const recurring: Array<{ name: string; intervalMs: number }> = [];
  const timers: NodeJS.Timeout[] = [];
  let started = false;

  const tick = (name: string, intervalMs: number) =>
    boss
      // One job per interval slot and name, whichever process sends it first (pg-boss's unique index).
      .send(name, {}, { singletonKey: name, singletonSeconds: Math.max(1, Math.round(intervalMs / 1000)) })
      .catch((err) => log.error({ err, job: name }, 'could not queue a recurring job'));

  return {
    async send(tx, name, data = {}) {
      await boss.send(name, data, { db: drizzleExecutor(tx) });
    },
    async trigger(name, onceKey) {
      if (!started) return;
      await boss.send(name, {}, onceKey ? { singletonKey: onceKey } : {});
    },
    work(name, handler) {
      handlers.set(name, handler);
    },
    every(name, intervalMs, handler) {
      handlers.set(name, handler);
      recurring.push({ name, intervalMs });
    },
    async start() {
      // Under the start-up lock: pg-boss's createQueue run by several processes at once on an empty
      // database deadlocks (each creates the queue's partition); one after another, later ones find it.
      await database.whileLocked(async () => {
        await boss.start();
        for (const name of handlers.keys()) {
          if (await boss.getQueue(name)) continue;
          // stately: at most one waiting and one running job per queue, so a burst of triggers is one job.
          await boss.createQueue(name, {
            name,
            policy: 'stately',
            retryLimit: 3,
            retryBackoff: true,
            expireInSeconds: 900,
          });
        }
      });
      for (const [name, handler] of handlers) {
        await boss.work(name, { pollingIntervalSeconds: 2 }, async (jobs) => {
          for (const job of jobs) await handler((job.data ?? {}) as Record<string, unknown>);
        });
      }
      started = true;
      for (const { name, intervalMs } of recurring) {
        void tick(name, intervalMs);
        const timer = setInterval(() => void tick(name, intervalMs), Math.min(intervalMs, 60_000));
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
      started = false;
    },
    async runDueJobs() {
      for (const { name } of recurring) await handlers.get(name)?.({});
    },
  };
}

/** Drizzle leaves an undefined parameter out of the text; pg gets null. Plain objects go as JSON text. */
function asParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return JSON.stringify(value);
  return value;
}

/** pg-boss's `db` option over a Drizzle transaction: `$1` placeholders become Drizzle parameters. */
export function drizzleExecutor(tx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${asParam(values[Number(part) - 1])}`);
      });
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
