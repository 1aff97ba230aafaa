import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consentRecords, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

/** Whether another account gives the same email (emails, unlike numbers, are not unique to one account). */
export async function emailUsedByOthers(db: Db, email: string, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, id)))
    .limit(1);
  return rows.length > 0;
}

export async function touchUser(db: Db, id: number): Promise<void> {
  await db.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, id));
}

export type ProfileValues = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'company'
    | 'companyType'
    | 'gst'
    | 'pan'
    | 'addressLine1'
    | 'addressLine2'
    | 'city'
    | 'state'
    | 'pin'
  >
>;

/** Updates the profile of user `id` only while it still holds `phoneNumber`; undefined when no such row. */
export async function updateProfile(
  db: Db,
  id: number,
  phoneNumber: string,
  values: ProfileValues,
  at: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.phoneNumber, phoneNumber)))
    .returning();
  return rows[0];
}

/**
 * Erasure (DELETE /api/me): every personal field of the row emptied, the number replaced by a marker no
 * sign-in can produce (a number is 10 digits), so the same number signing in again starts a new account.
 * The row itself stays: the orders and invoices the law keeps refer to it.
 */
export async function anonymiseUser(db: Db, id: number, at: Date): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      phoneNumber: `erased-${id}`,
      firstName: '',
      lastName: '',
      email: null,
      company: null,
      companyType: null,
      gst: null,
      pan: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      pin: null,
      updatedAt: at,
    })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export type ConsentRow = typeof consentRecords.$inferSelect;

export async function insertConsent(db: Db, row: Omit<ConsentRow, 'id'>): Promise<void> {
  await db.insert(consentRecords).values(row);
}

/** Every consent row of an account, oldest first. */
export async function consentsOfUser(db: Db, userId: number): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.id));
}

/** The account's latest row for one purpose, locked, so two saves at once are judged one after the other. */
export async function latestConsentForUpdate(
  db: Db,
  userId: number,
  purpose: ConsentRow['purpose'],
): Promise<ConsentRow | undefined> {
  // The user's row is the lock: there may be no consent row yet to lock.
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.userId, userId), eq(consentRecords.purpose, purpose)))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row;
}
