import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linkedAccounts } from '../../db/schema.ts';

export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;

export async function findLinkedAccount(db: Db, mediaOwnerId: number): Promise<LinkedAccountRow | undefined> {
  const [row] = await db.select().from(linkedAccounts).where(eq(linkedAccounts.mediaOwnerId, mediaOwnerId));
  return row;
}

export async function findLinkedAccounts(db: Db): Promise<LinkedAccountRow[]> {
  return db.select().from(linkedAccounts);
}

/** One row per owner: the first writer wins, a second answers the row as it stands. */
export async function insertLinkedAccountOnce(
  db: Db,
  row: typeof linkedAccounts.$inferInsert,
): Promise<LinkedAccountRow> {
  await db.insert(linkedAccounts).values(row).onConflictDoNothing({ target: linkedAccounts.mediaOwnerId });
  return (await findLinkedAccount(db, row.mediaOwnerId))!;
}

export async function updateLinkedAccount(
  db: Db,
  id: number,
  set: Partial<typeof linkedAccounts.$inferInsert>,
): Promise<void> {
  await db.update(linkedAccounts).set(set).where(eq(linkedAccounts.id, id));
}
