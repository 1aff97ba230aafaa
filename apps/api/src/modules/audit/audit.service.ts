import type { AuditEntry } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import {
  countAuditEntries,
  insertAuditEntry,
  listAuditEntries,
  type NewAuditEntry,
} from './audit.repository.ts';

/** Records an operator action inside the caller's transaction (DESIGN.md section 7). */
export function recordAudit(tx: Db, entry: NewAuditEntry): Promise<void> {
  return insertAuditEntry(tx, entry);
}

export async function auditPage(db: Db, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    countAuditEntries(db),
    listAuditEntries(db, pageSize, (page - 1) * pageSize),
  ]);
  const results: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    actor_user_id: r.actorUserId,
    actor_phone: r.actorPhone,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    before: r.before,
    after: r.after,
    created_at: r.createdAt.toISOString(),
  }));
  return { count, page, page_size: pageSize, results };
}
