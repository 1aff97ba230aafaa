import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import type { Database, Db } from './client.ts';
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction.ts';

/**
 * A real deadlock on PostgreSQL (several connections, so *.pg.test.ts): two transactions lock two rows
 * in opposite orders. PostgreSQL aborts one of them with 40P01; inTransaction runs it again and both
 * commit, where a bare db.transaction would have failed one request.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE tx_rows (id int PRIMARY KEY, n int NOT NULL)`);
  await database.db.execute(sql`INSERT INTO tx_rows VALUES (1, 0), (2, 0)`);
});
afterAll(() => database.close());

describe('inTransaction on PostgreSQL', () => {
  it('survives a deadlock between two transactions: both commit, at least one of them on a later attempt', async () => {
    let bothHoldOne!: () => void;
    let holding = 0;
    const barrier = new Promise<void>((resolve) => {
      bothHoldOne = resolve;
    });
    let attempts = 0;
    const bump = (tx: Db, id: number) => tx.execute(sql`UPDATE tx_rows SET n = n + 1 WHERE id = ${id}`);
    const crosswise = (first: number, second: number) =>
      inTransaction(database.db, async (tx) => {
        attempts += 1;
        await bump(tx, first);
        holding += 1;
        if (holding === 2) bothHoldOne();
        await barrier;
        await bump(tx, second);
      });
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    // At least one ran again; on a busy machine a retry can meet the other still waiting and deadlock once
    // more, so how many more is PostgreSQL's timing, bounded by each call's attempts.
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThanOrEqual(2 * TRANSACTION_ATTEMPTS);
    const { rows } = await database.executeSql('SELECT n FROM tx_rows ORDER BY id');
    expect((rows as Array<{ n: number }>).map((r) => Number(r.n))).toEqual([2, 2]);
  });
});
