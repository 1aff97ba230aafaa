import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
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

/** Filters of the log: action and entity exactly; the actor by user id or phone number. */
export interface AuditFilters {
  action?: string;
  entity?: string;
  actorUserId?: number;
  actorPhone?: string;
}

function whereOf(f: AuditFilters = {}): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.entity) conditions.push(eq(auditLog.entity, f.entity));
  if (f.actorUserId !== undefined) conditions.push(eq(auditLog.actorUserId, f.actorUserId));
  if (f.actorPhone) conditions.push(eq(users.phoneNumber, f.actorPhone));
  return conditions.length ? and(...conditions) : undefined;
}

export async function countAuditEntries(db: Db, filters?: AuditFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(whereOf(filters));
  return Number(row.n);
}

/** Newest first; the id breaks ties between entries of the same instant. */
export async function listAuditEntries(db: Db, limit: number, offset: number, filters?: AuditFilters) {
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
    .where(whereOf(filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}
