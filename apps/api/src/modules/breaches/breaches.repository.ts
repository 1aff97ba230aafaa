import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { breaches } from '../../db/schema.ts';

export type BreachRow = typeof breaches.$inferSelect;
export type BreachChanges = Partial<
  Pick<BreachRow, 'boardToldAt' | 'peopleToldAt' | 'reportSentAt' | 'closedAt' | 'measures'>
>;

export async function insertBreach(db: Db, row: Omit<BreachRow, 'id' | 'createdAt'> & { createdAt: Date }) {
  const [created] = await db.insert(breaches).values(row).returning();
  return created!;
}

export function listBreaches(db: Db): Promise<BreachRow[]> {
  return db.select().from(breaches).orderBy(desc(breaches.discoveredAt), desc(breaches.id));
}

export async function findBreachForUpdate(db: Db, id: number): Promise<BreachRow | undefined> {
  const [row] = await db.select().from(breaches).where(eq(breaches.id, id)).for('update');
  return row;
}

export async function updateBreach(db: Db, id: number, changes: BreachChanges): Promise<BreachRow> {
  const [row] = await db.update(breaches).set(changes).where(eq(breaches.id, id)).returning();
  return row!;
}
