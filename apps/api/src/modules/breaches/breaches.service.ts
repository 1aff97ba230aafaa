import {
  type Breach,
  type BreachCreateBody,
  type BreachUpdateBody,
  breachReportDue,
  nextBreachStep,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type BreachChanges,
  type BreachRow,
  findBreachForUpdate,
  insertBreach,
  listBreaches,
  updateBreach,
} from './breaches.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toBreach(row: BreachRow): Breach {
  return {
    id: row.id,
    discovered_at: row.discoveredAt.toISOString(),
    occurred_at: iso(row.occurredAt),
    nature: row.nature,
    extent: row.extent,
    people_affected: row.peopleAffected,
    likely_impact: row.likelyImpact,
    measures: row.measures,
    board_told_at: iso(row.boardToldAt),
    people_told_at: iso(row.peopleToldAt),
    report_sent_at: iso(row.reportSentAt),
    closed_at: iso(row.closedAt),
    report_due_at: breachReportDue(row.discoveredAt).toISOString(),
    next_step: nextBreachStep(row),
    recorded_by: row.recordedBy,
    created_at: row.createdAt.toISOString(),
  };
}

const refuse = (field: string, message: string) => badRequest(message, { [field]: message });

/** GET /api/ops/breaches: newest known first. */
export async function breachRegister(deps: AppDeps): Promise<Breach[]> {
  return (await listBreaches(deps.database.db)).map(toBreach);
}

/** POST /api/ops/breaches: recorded by an operator, audited (the audit names what, never whose data). */
export async function recordBreach(
  deps: AppDeps,
  operatorId: number,
  body: BreachCreateBody,
): Promise<Breach> {
  const now = deps.clock.now();
  const discoveredAt = new Date(body.discovered_at);
  const occurredAt = body.occurred_at ? new Date(body.occurred_at) : null;
  if (discoveredAt > now) throw refuse('discovered_at', 'When it became known cannot be in the future');
  if (occurredAt && occurredAt > discoveredAt) {
    throw refuse('occurred_at', 'When it happened cannot be after it became known');
  }
  return inTransaction(deps.database.db, async (tx) => {
    const row = await insertBreach(tx, {
      discoveredAt,
      occurredAt,
      nature: body.nature,
      extent: body.extent,
      peopleAffected: body.people_affected,
      likelyImpact: body.likely_impact,
      measures: body.measures ?? '',
      boardToldAt: null,
      peopleToldAt: null,
      reportSentAt: null,
      closedAt: null,
      recordedBy: operatorId,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'breach.record',
      entity: 'breach',
      entityId: String(row.id),
      before: null,
      after: { people_affected: row.peopleAffected, discovered_at: row.discoveredAt.toISOString() },
      createdAt: now,
    });
    return toBreach(row);
  });
}

const STEPS = [
  ['board_told_at', 'boardToldAt'],
  ['people_told_at', 'peopleToldAt'],
  ['report_sent_at', 'reportSentAt'],
  ['closed_at', 'closedAt'],
] as const;

/**
 * PATCH /api/ops/breaches/{id}: a step's time recorded once (sending the same time again changes nothing;
 * another time is a 409: the register is evidence), never before the breach was known nor in the future.
 * The measures taken may be rewritten as they grow.
 */
export async function updateBreachSteps(
  deps: AppDeps,
  operatorId: number,
  id: number,
  body: BreachUpdateBody,
): Promise<Breach> {
  const now = deps.clock.now();
  return inTransaction(deps.database.db, async (tx) => {
    const row = await findBreachForUpdate(tx, id);
    if (!row) throw notFound('Breach');
    const changes: BreachChanges = {};
    for (const [field, column] of STEPS) {
      const sent = body[field];
      if (sent === undefined) continue;
      const at = new Date(sent);
      if (at > now) throw refuse(field, `${field}: cannot be in the future`);
      if (at < row.discoveredAt) throw refuse(field, `${field}: cannot be before the breach became known`);
      const kept = row[column];
      if (kept && kept.getTime() !== at.getTime()) {
        throw new HttpError(409, 'step_recorded', `${field} is already recorded (${kept.toISOString()}).`);
      }
      if (!kept) changes[column] = at;
    }
    if (changes.closedAt && !(row.reportSentAt || changes.reportSentAt)) {
      throw refuse('closed_at', 'Record the report sent to the Board before closing');
    }
    if (body.measures !== undefined && body.measures !== row.measures) changes.measures = body.measures;
    if (Object.keys(changes).length === 0) return toBreach(row);
    const updated = await updateBreach(tx, id, changes);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'breach.update',
      entity: 'breach',
      entityId: String(id),
      before: null,
      after: { steps: Object.keys(changes) },
      createdAt: now,
    });
    return toBreach(updated);
  });
}
