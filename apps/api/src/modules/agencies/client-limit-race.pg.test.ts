import { CLIENT_BOOKING_ERRORS } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Site } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

/**
 * A client's monthly limit under a true race (decision 092): two planners of one agency book for the same
 * client at once, on different sites, each order under the limit and the two together over it. Only the
 * client's row lock stands between them (different buyers and sites share no other lock), so exactly one
 * may pass. The race is staged: a transaction holds the client's row until both bookings wait on it,
 * then lets go. Needs several connections, so PostgreSQL only (*.pg.test.ts).
 */

type Rows<T> = { rows: T[] };

let ctx: TestContext;
let make: Factory;
beforeAll(async () => {
  ctx = await createFactoryApp();
  make = factory(ctx);
});
afterAll(() => ctx.close());

describe('two bookings for one client at once', () => {
  it('exactly one passes the monthly limit; the other is 409 monthly_limit_exceeded', async () => {
    const db = ctx.database.db;
    const agency = await make.agency({ members: ['planner'], clients: [{ name: 'Raced Client' }] });
    const second = await make.person();
    expectStatus(
      await make.call(agency.admin, 'POST', '/api/agency/members', {
        phone_number: second.phone,
        role: 'planner',
      }),
      201,
    );
    const owner = await make.owner();
    const sites: Site[] = [await make.site(owner), await make.site(owner)];
    const clientId = agency.clientIds[0];
    // Room for one week of one site, not two.
    const limit = Math.round(sites[0].weekRupees * 100 * 1.5);
    expectStatus(
      await make.call(agency.admin, 'PATCH', `/api/agency/clients/${clientId}`, {
        monthly_limit_paise: limit,
      }),
    );
    const from = new Date(ctx.clock.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from agency_clients where id = ${clientId} for update`);
      locked();
      await gate;
    });
    await holding;

    let settled = 0;
    const attempts = [agency.members.planner!, second].map((who, i) =>
      make
        .call(who, 'POST', '/api/booking/book', {
          amount: sites[i].weekRupees,
          client_id: clientId,
          data: [{ product_id: sites[i].id, from_date: from, to_date: to, customized: false }],
        })
        .finally(() => {
          settled += 1;
        }),
    );
    // Both bookings must reach the client's lock and wait there; one that finished first never took it.
    for (;;) {
      const waiting = (await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )) as unknown as Rows<{ n: number }>;
      if (waiting.rows[0].n >= 2 || settled > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(settled, 'a booking finished without waiting for the client row').toBe(0);
    release();
    await holder;
    const answers = await Promise.all(attempts);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe(CLIENT_BOOKING_ERRORS.monthlyLimit);
    const placed = (await db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE client_id = ${clientId}`,
    )) as unknown as Rows<{ n: number }>;
    expect(placed.rows[0].n).toBe(1);
  });
});
