import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/**
 * Three processes' queues (each its own pool) start at once on an empty PostgreSQL database: pg-boss
 * creates its schema once, and a recurring job runs once per interval among them, not once per process.
 * PostgreSQL only (*.pg.test.ts): several connections at once.
 */
const HOUR = 3_600_000;
let base: Database;
const pools: Database[] = [];
const queues: JobQueue[] = [];
const runs: number[] = [];

beforeAll(async () => {
  base = await createTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  for (const p of pools) await p.close();
  await base?.close();
});

describe('three queues on one PostgreSQL', () => {
  it('start together and run a recurring job once per interval slot', async () => {
    // The one-hour slots are aligned to the clock: start well inside one, so all three sends share it.
    const toBoundary = HOUR - (Date.now() % HOUR);
    if (toBoundary < 30_000) await new Promise((r) => setTimeout(r, toBoundary + 1_000));
    for (let i = 0; i < 3; i += 1) {
      const db = await openDatabase({ url: databaseUrl(base), poolSize: 3 });
      pools.push(db);
      const queue = createJobQueue(db, { error: () => {} });
      queue.every('test.hourly', HOUR, async () => {
        runs.push(i);
      });
      queues.push(queue);
    }
    await Promise.all(queues.map((q) => q.start()));
    const until = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    // Every worker has polled several times since (2 s polling): a second job would have run by now.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(runs).toHaveLength(1);
  }, 60_000);
});

/** The database URL createTestDatabase made (its pool's connection string). */
function databaseUrl(database: Database): string {
  const pool = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
