import type { AuditEntry } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import {
  type AuditFilters,
  countAuditEntries,
  insertAuditEntry,
  listAuditEntries,
  type NewAuditEntry,
} from './audit.repository.ts';

/** Records an operator action inside the caller's transaction (docs/product-rules.md section 7). */
export function recordAudit(tx: Db, entry: NewAuditEntry): Promise<void> {
  return insertAuditEntry(tx, entry);
}

/**
 * The request's filters in log terms. `actor` is a user id (up to 9 digits) or a phone number in any
 * spelling ("+91 98765 43210"); anything else names nobody, so it matches no entry.
 */
export function auditFiltersOf(q: { action?: string; entity?: string; actor?: string }): AuditFilters {
  const actor = q.actor?.trim() ?? '';
  const digits = actor.replace(/\D/g, '');
  const filters: AuditFilters = { action: q.action || undefined, entity: q.entity || undefined };
  if (!actor) return filters;
  if (/^\d{1,9}$/.test(actor)) return { ...filters, actorUserId: Number(actor) };
  if (digits.length >= 10) return { ...filters, actorPhone: digits.slice(-10) };
  return { ...filters, actorUserId: 0 };
}

export async function auditPage(db: Db, page: number, pageSize: number, filters?: AuditFilters) {
  const [count, rows] = await Promise.all([
    countAuditEntries(db, filters),
    listAuditEntries(db, pageSize, (page - 1) * pageSize, filters),
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
