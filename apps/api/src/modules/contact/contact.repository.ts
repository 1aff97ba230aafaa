import { and, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, contactMessages, helpRequests } from '../../db/schema.ts';

/**
 * Abuse counters live in app_meta as `rate:<window>:<scope>:<ip hash>` -> count, one row per sender, scope
 * and hour. The window number has a fixed width so the delete below can read it back without parsing.
 */
const RATE_PREFIX = 'rate:';
const WINDOW_DIGITS = 12;

export const rateKey = (window: number, scope: string, ipHash: string) =>
  `${RATE_PREFIX}${String(window).padStart(WINDOW_DIGITS, '0')}:${scope}:${ipHash}`;

/** Adds one to the sender's counter for this window and returns the new count (atomic across processes). */
export async function incrementRateCounter(db: Db, key: string): Promise<number> {
  const [row] = await db
    .insert(appMeta)
    .values({ key, value: '1' })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`(${appMeta.value}::integer + 1)::text` } })
    .returning({ value: appMeta.value });
  return Number(row.value);
}

/** Drops the counters of every window before `window`. */
export async function deleteRateCountersBefore(db: Db, window: number): Promise<void> {
  // Compared as numbers, not text: text order follows the database collation, which may skip punctuation.
  await db
    .delete(appMeta)
    .where(
      and(
        like(appMeta.key, `${RATE_PREFIX}%`),
        sql`substr(${appMeta.key}, ${RATE_PREFIX.length + 1}::integer, ${WINDOW_DIGITS}::integer)::bigint < ${window}::bigint`,
      ),
    );
}

export interface NewContactMessage {
  name: string;
  companyName: string;
  email: string;
  phoneNumber: string;
  message: string;
  createdAt: Date;
}

export async function insertContactMessage(db: Db, row: NewContactMessage): Promise<number> {
  const [inserted] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  return inserted.id;
}

export interface NewHelpRequest {
  phoneNumber: string;
  email: string | null;
  message: string;
  isCustomized: boolean;
  userId: number | null;
  createdAt: Date;
}

export async function insertHelpRequest(db: Db, row: NewHelpRequest): Promise<number> {
  const [inserted] = await db.insert(helpRequests).values(row).returning({ id: helpRequests.id });
  return inserted.id;
}
