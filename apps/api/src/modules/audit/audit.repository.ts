import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export interface NewAuditEntry {
  actorUserId: number;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** Called with the action's own transaction, so the entry and the change are written together or not at all. */
export async function insertAuditEntry(tx: Db, entry: NewAuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

export async function countAuditEntries(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row.n);
}

/** Newest first; the id breaks ties between entries of the same instant. */
export async function listAuditEntries(db: Db, limit: number, offset: number) {
  return db
    .select({
      id: auditLog.id,
      actorUserId: auditLog.actorUserId,
      actorPhone: users.phoneNumber,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}
