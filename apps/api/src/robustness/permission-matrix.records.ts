import { addDays } from '@ooh/shared';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextIp } from '../../test/otp-sign-in.ts';
import type { TestContext } from '../../test/test-app.ts';
import { orderItems, orders } from '../db/schema.ts';

/** The records the permission matrix's state is made of, and the fingerprint a refused call must keep. */

/** A breach as an operator records it, known on a day before any test clock's. */
export const breachBody = () => ({
  discovered_at: '2026-06-01T10:00:00+05:30',
  nature: 'A plan link was forwarded outside the buyer’s team.',
  extent: 'One buyer: name.',
  people_affected: 1,
  likely_impact: 'Unsolicited contact.',
});

let blockDay = 0;
/** A 3-day window far ahead, a new one per block so blocks never overlap. */
export function nextBlockWindow(): { from: string; to: string } {
  blockDay += 5;
  const start = new Date(Date.UTC(2028, 0, 1) + blockDay * 86_400_000);
  const end = new Date(start.getTime() + 3 * 86_400_000);
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** A buyer's order of `site` for 7 days from `from`, through the real call; answers its id. */
export async function bookWeek(
  ctx: TestContext,
  token: string,
  site: { id: number; pricePaise: number },
  from: string,
): Promise<number> {
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/booking/book',
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${token}` },
    payload: {
      amount: (site.pricePaise / 100) * 7,
      data: [
        {
          product_id: site.id,
          from_date: from,
          to_date: addDays(from, 7),
          campaign_id: null,
          customized: false,
        },
      ],
    },
  });
  expect(booked.statusCode, booked.body).toBeLessThan(300);
  return booked.json().order_id as number;
}

/** A second order of A's site, marked paid in the fixture (the payment flows have tests of their own). */
export async function paidLine(
  ctx: TestContext,
  token: string,
  site: { id: number; pricePaise: number },
  from: string,
) {
  const orderId = await bookWeek(ctx, token, site, from);
  await ctx.database.db
    .update(orders)
    .set({ status: 'paid', paidAt: ctx.clock.now() })
    .where(eq(orders.id, orderId));
  // Paid as the payment path leaves it: the line scheduled (held lines take no creative).
  await ctx.database.db
    .update(orderItems)
    .set({ status: 'scheduled' })
    .where(eq(orderItems.orderId, orderId));
  const [line] = await ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return line.id;
}

/**
 * A fingerprint of every table's rows: a refused call must leave all of them as they were. md5 of the
 * rows' text in a fixed order, which PGlite and PostgreSQL compute alike.
 */
export async function tableFingerprints(ctx: TestContext): Promise<Record<string, string>> {
  const query = async <T>(q: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ h: string }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t`,
    );
    out[name] = row.h;
  }
  return out;
}
