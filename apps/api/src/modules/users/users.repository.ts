import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return rows[0];
}

/** Registers the number on first sign-in; safe when two requests race (the unique phone wins once). */
export async function findOrCreateUserByPhone(db: Db, phoneNumber: string): Promise<UserRow> {
  const existing = await findUserByPhone(db, phoneNumber);
  if (existing) return existing;
  await db
    .insert(users)
    .values({ phoneNumber })
    .onConflictDoNothing({ target: users.phoneNumber })
    .returning({ id: users.id });
  const created = await findUserByPhone(db, phoneNumber);
  if (!created) throw new Error('user insert lost');
  return created;
}

export async function touchUser(db: Db, id: number): Promise<void> {
  await db.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, id));
}
