import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpVerifications } from '../../db/schema.ts';

export type OtpRow = typeof otpVerifications.$inferSelect;

/** Advisory-lock namespaces (first key of the two-key form), so these never collide with other locks. */
const LOCK_OTP_IP = 91_001;
const LOCK_OTP_PHONE = 91_002;

/**
 * Serialises sends per IP and per number across API processes until the transaction ends, so two
 * concurrent requests cannot both see "4 sent" and both send. Always IP first, then number: one order
 * for everyone means no deadlock.
 */
export async function lockSendKeys(tx: Db, phoneNumber: string, ipHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_OTP_IP}, hashtext(${ipHash}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_OTP_PHONE}, hashtext(${phoneNumber}))`);
}

/** Send times since `since`, oldest first: for the number and for the IP (at most a few dozen rows). */
export async function recentSends(
  tx: Db,
  phoneNumber: string,
  ipHash: string,
  since: Date,
): Promise<{ phone: Date[]; ip: Date[] }> {
  const [phone, ip] = [
    await tx
      .select({ createdAt: otpVerifications.createdAt })
      .from(otpVerifications)
      .where(and(eq(otpVerifications.phoneNumber, phoneNumber), gt(otpVerifications.createdAt, since)))
      .orderBy(asc(otpVerifications.createdAt)),
    await tx
      .select({ createdAt: otpVerifications.createdAt })
      .from(otpVerifications)
      .where(and(eq(otpVerifications.ipHash, ipHash), gt(otpVerifications.createdAt, since)))
      .orderBy(asc(otpVerifications.createdAt)),
  ];
  return { phone: phone.map((r) => r.createdAt), ip: ip.map((r) => r.createdAt) };
}

/** Rows older than every window (1 hour) and every code's life are dead weight. */
export async function purgeOldCodes(tx: Db, phoneNumber: string, before: Date): Promise<void> {
  await tx
    .delete(otpVerifications)
    .where(and(eq(otpVerifications.phoneNumber, phoneNumber), lt(otpVerifications.createdAt, before)));
}

export async function insertCode(
  tx: Db,
  row: {
    id: string;
    phoneNumber: string;
    codeHmac: string;
    ipHash: string;
    createdAt: Date;
    expiresAt: Date;
    consentVersion: string | null;
  },
): Promise<void> {
  await tx.insert(otpVerifications).values(row);
}

/**
 * Ends every code of the number that could still sign in: after a resend only the newest one does. Their
 * expiry is moved to `now`, so a verify of one reads as a code that was replaced (see verifyOtp).
 */
export async function voidOpenCodes(tx: Db, phoneNumber: string, now: Date): Promise<void> {
  await tx
    .update(otpVerifications)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpVerifications.phoneNumber, phoneNumber),
        isNull(otpVerifications.consumedAt),
        gt(otpVerifications.expiresAt, now),
      ),
    );
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.delete(otpVerifications).where(eq(otpVerifications.id, id));
}

/** The row, locked until the transaction ends, so two verifies of one code are decided one at a time. */
export async function findCodeForUpdate(tx: Db, id: string): Promise<OtpRow | undefined> {
  const rows = await tx.select().from(otpVerifications).where(eq(otpVerifications.id, id)).for('update');
  return rows[0];
}

export async function recordWrongAttempt(tx: Db, id: string): Promise<number> {
  const [row] = await tx
    .update(otpVerifications)
    .set({ attempts: sql`${otpVerifications.attempts} + 1` })
    .where(eq(otpVerifications.id, id))
    .returning({ attempts: otpVerifications.attempts });
  return row.attempts;
}

export async function consumeCode(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(otpVerifications).set({ consumedAt: at }).where(eq(otpVerifications.id, id));
}
