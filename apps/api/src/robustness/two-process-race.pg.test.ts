import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { type Answer, bookAndPayOverHttp, futureWeek, signInOverHttp } from '../../test/http-journey.ts';
import {
  createProcessStore,
  type ProcessStore,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { bookings, orders, payments } from '../db/schema.ts';

/**
 * Issue 6: two API processes on one PostgreSQL, and the double-booking race still has exactly one winner.
 * Twenty buyers, half signed in and sent against each process, book-and-pay the same site and week at
 * once. The database's EXCLUDE constraint decides across processes: one order is paid and confirmed, every
 * other attempt is a 409 in the error shape, and nothing answers 5xx. PostgreSQL only (*.pg.test.ts).
 */
const BUYERS = 20;
const servers: ServerProcess[] = [];
let store: ProcessStore;

beforeAll(async () => {
  store = await createProcessStore();
  // Migrated once by the store; both processes find nothing left to migrate.
  servers.push(...(await Promise.all([startServerProcess(store), startServerProcess(store)])));
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.kill();
  await store?.destroy();
});

describe('two API processes on one PostgreSQL', () => {
  it('let exactly one of 20 simultaneous buyers book and pay the same site', async () => {
    const site = await store.withDb((db) => insertProduct(db, { name: 'Contested Hoarding' }));
    const week = futureWeek(40);
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const server = servers[i % 2];
        return { server, token: await signInOverHttp(server, `97000000${String(i).padStart(2, '0')}`) };
      }),
    );

    const journeys = await Promise.all(
      buyers.map((b) =>
        bookAndPayOverHttp(b.server.url, b.token, { productId: site.id, rupees: 10_500, week }),
      ),
    );

    const answers = journeys
      .flatMap((j) => [j.booked, j.out, j.paid, j.confirmed])
      .filter(Boolean) as Answer[];
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const winners = journeys.filter((j) => j.confirmed?.status === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0].confirmed?.body).toEqual({ data: 'Payment Success' });
    for (const j of journeys.filter((x) => x !== winners[0])) {
      const refused = [j.booked, j.out, j.paid, j.confirmed].find((a) => a && a.status !== 200);
      expect(refused?.status).toBe(409);
      expect(refused?.body).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      });
    }

    const confirmed = await store.withDb((db) =>
      db
        .select()
        .from(bookings)
        .where(and(eq(bookings.productId, site.id), eq(bookings.status, 'confirmed'))),
    );
    expect(confirmed).toHaveLength(1);
    const paid = await store.withDb((db) => db.select().from(orders).where(eq(orders.status, 'paid')));
    expect(paid.map((o) => o.id)).toEqual([winners[0].booked.body.order_id]);
    expect(confirmed[0].orderId).toBe(paid[0].id);
    expect(await store.withDb((db) => db.select().from(payments))).toHaveLength(1);
    // Both processes served buyers (the race really spanned them).
    expect(new Set(buyers.map((b) => b.server.url)).size).toBe(2);
  }, 120_000);
});
