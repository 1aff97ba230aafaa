import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { invoices } from '../../db/schema.ts';
import { allocateDocumentNumber } from './invoice-series.repository.ts';

/**
 * The gapless invoice series under true concurrency (docs/product-rules.md section 10): PostgreSQL only, every
 * transaction on a connection of its own from the pool (*.pg.test.ts files are left out of PGlite).
 */
describe('invoice numbers on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const sequenceOf = (n: string) => Number(n.slice(-6));

  it('orders paid at the same moment get distinct consecutive numbers, no gap', async () => {
    const BUYERS = 12;
    const db = ctx.database.db;
    const secret = ctx.config.payments.sandboxKeySecret;
    const ready = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const token = await tokenFor(ctx, 700 + i);
        const site = await insertProduct(db, { name: `Race Site ${i}` });
        const orderId = (await book(ctx, token, [line(site.id, '2026-12-01', '2026-12-08')], 10_500)).json()
          .order_id as number;
        const out = (await checkout(ctx, token, orderId)).json();
        return { token, orderId, out };
      }),
    );
    const answers = await Promise.all(
      ready.map(({ token, orderId, out }) =>
        confirm(ctx, token, {
          order_id: orderId,
          razorpay_order_id: out.razor_pay_order_id,
          amount: out.amount,
          ...paid(secret, out.razor_pay_order_id),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(BUYERS).fill(200));
    const rows = await db.select().from(invoices);
    expect(rows).toHaveLength(BUYERS);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(BUYERS);
    expect(rows.map((r) => sequenceOf(r.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: BUYERS }, (_, i) => i + 1),
    );
  });

  it('a number held by an unfinished transaction makes the next issuer wait; its rollback hands the number on', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const start = (await db.execute(
      sql`SELECT last_number FROM document_counters WHERE series = 'CN'`,
    )) as unknown as {
      rows: { last_number: number }[];
    };
    expect(start.rows).toEqual([]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let allocated!: (n: string) => void;
    const first = new Promise<string>((resolve) => {
      allocated = resolve;
    });
    const doomed = db
      .transaction(async (tx) => {
        allocated((await allocateDocumentNumber(tx, 'CN', now)).number);
        await gate;
        throw new Error('refund failed at the provider');
      })
      .catch((err: Error) => err.message);
    expect(await first).toBe('CN/26-27/000001');
    // Three more issuers on their own connections: they queue on the counter's row lock.
    const waiting = Array.from({ length: 3 }, () =>
      db.transaction((tx) => allocateDocumentNumber(tx, 'CN', now)),
    );
    for (;;) {
      const blocked = (await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (blocked.rows[0].n >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    expect(await doomed).toBe('refund failed at the provider');
    const numbers = (await Promise.all(waiting)).map((a) => a.number).sort();
    expect(numbers).toEqual(['CN/26-27/000001', 'CN/26-27/000002', 'CN/26-27/000003']);
  });
});
