import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transferEvents } from '../../db/schema.ts';

/** Stores a provider event once by its id; false when it was seen before (a replay). */
export async function insertTransferEventOnce(
  db: Db,
  row: typeof transferEvents.$inferInsert,
): Promise<boolean> {
  const written = await db
    .insert(transferEvents)
    .values(row)
    .onConflictDoNothing({ target: transferEvents.eventId })
    .returning({ id: transferEvents.eventId });
  return written.length > 0;
}

export async function transferEventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transferEvents.eventId })
    .from(transferEvents)
    .where(eq(transferEvents.eventId, eventId));
  return row !== undefined;
}
