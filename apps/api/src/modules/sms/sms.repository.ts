import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Db,
  phoneNumber: string,
  body: string,
  createdAt: Date,
): Promise<void> {
  await db.insert(smsOutbox).values({ phoneNumber, body, createdAt });
}

/** Newest first; ordered by id as well because several messages can share a (manual-clock) timestamp. */
export async function listOutboxMessages(db: Db, phoneNumber: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phoneNumber, phoneNumber))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
