import { and, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

/*
 * The writes of options (decision 082): a buyer's free hold of a site's dates is a `bookings` row with
 * status `option`, no order, its holder in held_by_user_id and its end in hold_expires_at, under the one
 * EXCLUDE constraint with checkout holds, bookings and blocks. Every change is one UPDATE guarded by the
 * row's current state, so two processes doing the same change at once change it once: the second waits
 * for the first's row lock, finds the state moved on, and touches nothing.
 */

export type OptionRow = typeof bookings.$inferSelect;

export interface NewOption {
  productId: number;
  fromDate: string;
  toDate: string;
  userId: number;
  expiresAt: Date;
  now: Date;
  /** The agency client held for (checked by the holds module), or null. */
  clientId: number | null;
}

/** The EXCLUDE constraint rejects an overlap with any live row (SQLSTATE 23P01; the caller names the site). */
export async function insertOption(tx: Db, o: NewOption): Promise<OptionRow> {
  const [row] = await tx
    .insert(bookings)
    .values({
      productId: o.productId,
      period: `[${o.fromDate},${o.toDate})`,
      status: 'option',
      heldByUserId: o.userId,
      holdExpiresAt: o.expiresAt,
      clientId: o.clientId,
      createdAt: o.now,
    })
    .returning();
  return row;
}

/** The holder's live option, not yet renewed nor asked for, ends at `until` instead. */
export async function renewOption(
  tx: Db,
  id: number,
  userId: number,
  until: Date,
  now: Date,
): Promise<OptionRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ holdExpiresAt: until, renewedAt: now })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.heldByUserId, userId),
        eq(bookings.status, 'option'),
        gt(bookings.holdExpiresAt, now),
        isNull(bookings.renewedAt),
        isNull(bookings.requestedAt),
      ),
    )
    .returning();
  return row;
}

/** The holder lets the dates go: free at once. */
export async function releaseOption(tx: Db, id: number, userId: number): Promise<OptionRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', optionEnded: 'released' })
    .where(and(eq(bookings.id, id), eq(bookings.heldByUserId, userId), eq(bookings.status, 'option')))
    .returning();
  return row;
}

/**
 * Another buyer asks for the dates: the option now ends at `deadline` at the latest (the holder's time to
 * book or release). Only the first ask counts; the holder cannot ask for their own option.
 */
export async function requestOption(
  tx: Db,
  id: number,
  requesterId: number,
  deadline: Date,
  now: Date,
): Promise<OptionRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      requestedAt: now,
      requestedByUserId: requesterId,
      holdExpiresAt: sql`least(${bookings.holdExpiresAt}, ${deadline.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.status, 'option'),
        gt(bookings.holdExpiresAt, now),
        isNull(bookings.requestedAt),
        ne(bookings.heldByUserId, requesterId),
      ),
    )
    .returning();
  return row;
}

/** Options whose end has come are cancelled (`expired`), at most `limit`; each row only once, whoever runs it. */
export async function expireLapsedOptions(
  tx: Db,
  now: Date,
  limit: number,
  productIds?: number[],
): Promise<OptionRow[]> {
  const due = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'option'),
        lte(bookings.holdExpiresAt, now),
        productIds ? inArray(bookings.productId, productIds) : undefined,
      ),
    )
    .orderBy(bookings.id)
    .limit(limit)
    // A concurrent sweep takes the next rows instead of waiting for these.
    .for('update', { skipLocked: true });
  return tx
    .update(bookings)
    .set({ status: 'cancelled', optionEnded: 'expired' })
    .where(and(inArray(bookings.id, due), eq(bookings.status, 'option')))
    .returning();
}

/**
 * The buyer's own options overlapping the ranges their order now occupies are replaced by the order's
 * holds (`booked`), in the order's transaction: the dates pass from the option to the order with no
 * moment in which anyone else could take them.
 */
export async function replaceOwnOptions(
  tx: Db,
  userId: number,
  lines: Array<{ productId: number; fromDate: string; toDate: string }>,
): Promise<number> {
  if (!lines.length) return 0;
  const ranges = JSON.stringify(
    lines.map((l) => ({ product_id: l.productId, from_date: l.fromDate, to_date: l.toDate })),
  );
  const replaced = await tx
    .update(bookings)
    .set({ status: 'cancelled', optionEnded: 'booked' })
    .where(
      and(
        eq(bookings.status, 'option'),
        eq(bookings.heldByUserId, userId),
        sql`exists (select 1 from jsonb_to_recordset(${ranges}::jsonb) as r(product_id int, from_date date, to_date date)
          where r.product_id = ${bookings.productId} and daterange(r.from_date, r.to_date) && ${bookings.period})`,
      ),
    )
    .returning({ id: bookings.id });
  return replaced.length;
}
