import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/** pg-boss itself, on the test project's database (PGlite or PostgreSQL) through database.executeSql. */
let database: Database;
let queue: JobQueue;
const seen: Array<{ queue: string; data: Record<string, unknown> }> = [];
const waiters: Array<() => void> = [];
const record = (name: string) => async (data: Record<string, unknown>) => {
  seen.push({ queue: name, data });
  for (const w of waiters.splice(0)) w();
};
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the job');
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, { error: () => {} });
  queue.work('test.sent', record('test.sent'));
  queue.every('test.every', 60_000, record('test.every'));
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('the job queue (pg-boss)', () => {
  it('runs a recurring job at start', async () => {
    await until(() => seen.some((s) => s.queue === 'test.every'));
  });

  it('runs a job sent in a committed transaction, and never one whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send(tx, 'test.sent', { n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.transaction(async (tx) => {
      await queue.send(tx, 'test.sent', { n: 2, text: "it's $1" });
    });
    await until(() => seen.some((s) => s.queue === 'test.sent'));
    // Give a wrongly kept rolled-back job the time to show up too.
    await queue.trigger('test.sent');
    await until(() => seen.filter((s) => s.queue === 'test.sent').length >= 2);
    expect(seen.filter((s) => s.queue === 'test.sent').map((s) => s.data)).toEqual([
      { n: 2, text: "it's $1" },
      {},
    ]);
  });
});
