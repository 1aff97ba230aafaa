import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import type { Database } from './client.ts';
import { inSavepoint, inTransaction, TRANSACTION_ATTEMPTS } from './transaction.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE tx_probe (n int NOT NULL)`);
});
afterAll(() => database.close());

const count = async () => {
  const result = await database.executeSql('SELECT count(*)::int AS n FROM tx_probe');
  return Number((result.rows[0] as { n: number }).n);
};
/** drizzle 0.45 wraps the driver's error: the SQLSTATE is on `cause` (STACK.md). */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('inTransaction', () => {
  it('runs the work again after a serialization failure or a deadlock, keeping nothing of the failed attempt', async () => {
    await database.db.execute(sql`DELETE FROM tx_probe`);
    const failures = [wrapped('40001'), Object.assign(new Error('deadlock detected'), { code: '40P01' })];
    let attempts = 0;
    const answer = await inTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`INSERT INTO tx_probe VALUES (${attempts})`);
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);
    expect(await count()).toBe(1);
  });

  it('gives up after a bounded number of attempts and reports the last error', async () => {
    let attempts = 0;
    await expect(
      inTransaction(database.db, async () => {
        attempts += 1;
        throw wrapped('40001');
      }),
    ).rejects.toMatchObject({ cause: { code: '40001' } });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('never repeats work that failed for another reason, and rolls it back', async () => {
    await database.db.execute(sql`DELETE FROM tx_probe`);
    let attempts = 0;
    await expect(
      inTransaction(database.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`INSERT INTO tx_probe VALUES (1)`);
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(1);
    expect(await count()).toBe(0);
  });

  it('asks the caller about other failures, within the same bound, and lets it answer with an error of its own', async () => {
    let attempts = 0;
    const seen: boolean[] = [];
    await expect(
      inTransaction(
        database.db,
        async () => {
          attempts += 1;
          throw wrapped('23P01');
        },
        {
          attempts: 3,
          retryWhen: (_err, _attempt, last) => {
            seen.push(last);
            if (last) throw new Error('still taken');
            return true;
          },
        },
      ),
    ).rejects.toThrow('still taken');
    expect(attempts).toBe(3);
    expect(seen).toEqual([false, false, true]);
  });

  it('a savepoint rolls back only its own work', async () => {
    await database.db.execute(sql`DELETE FROM tx_probe`);
    await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe VALUES (1)`);
      await expect(
        inSavepoint(tx, async (sp) => {
          await sp.execute(sql`INSERT INTO tx_probe VALUES (2)`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await count()).toBe(1);
  });
});
