import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sharedSecrets } from '../../db/schema.ts';

/**
 * The secret called `name`, inserting `candidate` only when none is kept yet. Two processes starting at
 * once both insert; the primary key keeps the first, the other's insert does nothing, and both read back
 * the one that stayed.
 */
export async function readOrInsertSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(sharedSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: sharedSecrets.value })
    .from(sharedSecrets)
    .where(eq(sharedSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`shared secret ${name} could not be kept`);
  return row.value;
}

/** The secret called `name`, or undefined when none is kept yet. */
export async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sharedSecrets.value })
    .from(sharedSecrets)
    .where(eq(sharedSecrets.name, name))
    .limit(1);
  return row?.value;
}
