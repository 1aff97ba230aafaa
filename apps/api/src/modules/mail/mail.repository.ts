import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export async function insertMailOutbox(
  db: Db,
  mail: { to: string; subject: string; text: string },
  createdAt: Date,
): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, text: mail.text, createdAt });
}

/** Newest first; by id too, since a manual clock gives several messages one timestamp. */
export async function listMailOutbox(db: Db, toAddress: string, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, toAddress))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
