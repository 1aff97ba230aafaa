import {
  type PayoutRow as PayoutAnswer,
  type PayoutsQuery,
  type PayoutsResponse,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { linkedAccountOf } from './linked-accounts.service.ts';
import { type LatestProofsOf, listPayoutRows, ownerStatusOf } from './payout-rows.service.ts';
import {
  awaitingDecision,
  hasAcceptedProof,
  isFlagged,
  type ListedPayout,
  toPayoutAnswer,
  toRecoveryAnswer,
  totalsOf,
} from './payout-view.ts';
import { listRecoveryRows, lockPayout, type PayoutRow, updatePayout } from './payouts.repository.ts';
import { payableOf, releaseLocked } from './payouts.service.ts';
import type { TransferProvider } from './transfer-provider.ts';

/*
 * The payout ledger for owners and operators, and the ledger's part of the operators' actions (decision
 * 047): hold, release, accept or reject an Unverified proof, each with a reason, audited in its own
 * transaction. The workflow around it tells the provider after the commit (decision 066). Each function
 * that reads the lines' proofs takes the proofs module's read, `latestProofsOf`, from its workflow.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };

/** GET /api/partner/payouts (one owner) and GET /api/ops/payouts (every owner, or `media_owner_id`). */
export async function payoutLedger(
  deps: Deps,
  q: PayoutsQuery,
  scope: { mediaOwnerId: number } | 'operator',
  latestProofsOf: LatestProofsOf,
): Promise<PayoutsResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const mediaOwnerId = scope === 'operator' ? q.media_owner_id : scope.mediaOwnerId;
  const filter = { mediaOwnerId, state: q.state, month: q.month };
  let rows = await listPayoutRows(db, filter, latestProofsOf);
  if (q.flagged) rows = rows.filter((r) => isFlagged(r, now) === (q.flagged === 'true'));
  if (scope === 'operator' && q.awaiting_decision)
    rows = rows.filter((r) => awaitingDecision(r) === (q.awaiting_decision === 'true'));
  // Recoveries are their own (negative) lines; a state or proof filter is about payouts only.
  const recoveries = q.state || q.flagged || q.awaiting_decision ? [] : await listRecoveryRows(db, filter);
  const account = scope === 'operator' ? null : await linkedAccountOf(deps, scope.mediaOwnerId);
  return {
    payouts: rows.map((r) => toPayoutAnswer(r, now, scope === 'operator')),
    recoveries: recoveries.map(toRecoveryAnswer),
    totals: totalsOf(rows, recoveries),
    linked_account:
      scope === 'operator'
        ? null
        : {
            status: (account?.status ?? 'pending') as
              | 'pending'
              | 'active'
              | 'needs_clarification'
              | 'suspended',
            account_id: account?.accountId ?? null,
            bank_account_last4: account?.bankLast4 ?? null,
          },
  };
}

/** One payout as operators read it. */
export async function payoutAnswer(
  deps: Deps,
  id: number,
  latestProofsOf: LatestProofsOf,
): Promise<PayoutAnswer> {
  const [row] = await listPayoutRows(deps.database.db, { ids: [id] }, latestProofsOf);
  if (!row) throw notFound('Payout');
  return toPayoutAnswer(row, deps.clock.now(), true);
}

export type PayoutAction = 'hold' | 'release' | 'accept-proof' | 'reject-proof';

const snapshot = (p: PayoutRow) => ({
  state: p.state,
  amount: toRupees(payableOf(p)),
  operator_hold: p.operatorHold,
  released_at: p.releasedAt?.toISOString() ?? null,
  proof_decision: p.proofDecision,
  decided_proof_id: p.decidedProofId,
});

/** The line's newest live proof, as the ledger lists it (the one an operator accepts or rejects). */
async function listed(deps: Deps, id: number, latestProofsOf: LatestProofsOf): Promise<ListedPayout> {
  const [row] = await listPayoutRows(deps.database.db, { ids: [id] }, latestProofsOf);
  if (!row) throw notFound('Payout');
  return row;
}

const notHeld = (p: PayoutRow) =>
  conflict(
    p.releasedAt
      ? 'This payout was released already; a later refund is recovered from the owner’s next payouts.'
      : `This payout is ${p.state}; only a held payout can be changed.`,
  );

/**
 * The ledger's part of POST /api/ops/payouts/{id}/hold, /release, /accept-proof, /reject-proof: the change
 * and its audit entry in one transaction, the payout row locked. The provider is told by the workflow
 * (src/workflows/payout-operator-action.workflow.ts) after the commit.
 */
export async function decidePayout(
  deps: Deps,
  operatorId: number,
  id: number,
  action: PayoutAction,
  reason: string,
  latestProofsOf: LatestProofsOf,
): Promise<PayoutRow> {
  const view = await listed(deps, id, latestProofsOf);
  const proof = view.latestProof;
  return inTransaction(deps.database.db, async (tx) => {
    const now = deps.clock.now();
    const before = await lockPayout(tx, id);
    if (!before) throw notFound('Payout');
    if (before.state !== 'held' && before.state !== 'failed') throw notHeld(before);
    if (before.releasedAt && action !== 'release') throw notHeld(before);
    if (action === 'release' && (await ownerStatusOf(tx, before.mediaOwnerId)) === 'suspended') {
      throw conflict(
        'This owner is suspended: its payouts are held until it is reinstated (an accepted proof releases it then).',
      );
    }
    let after: PayoutRow;
    if (action === 'hold') {
      after = await updatePayout(tx, id, { operatorHold: true, reason, updatedAt: now });
    } else if (action === 'release') {
      // A failed payout released again is sent again with fresh tries.
      after = before.releasedAt
        ? await updatePayout(tx, id, {
            state: 'released',
            needsSync: true,
            attempts: 0,
            nextAttemptAt: null,
            reason,
            updatedAt: now,
          })
        : await releaseLocked(tx, before, { now, reason, proofId: null });
    } else {
      if (!proof) throw conflict('This line has no proof to decide on; the owner has to post one.');
      if (action === 'accept-proof' && proof.verified)
        throw conflict(
          'This proof was verified by its checks; it needs no decision (release the payout instead).',
        );
      const decided = await updatePayout(tx, id, {
        decidedProofId: proof.id,
        proofDecision: action === 'accept-proof' ? 'accepted' : 'rejected',
        reason,
        updatedAt: now,
      });
      after =
        action === 'accept-proof' && !decided.operatorHold
          ? await releaseLocked(tx, decided, { now, reason, proofId: proof.id })
          : decided;
    }
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: `payout.${action}`,
      entity: 'payout',
      entityId: String(id),
      before: snapshot(before),
      after: {
        ...snapshot(after),
        reason,
        ...(proof && action.endsWith('proof') ? { proof_id: proof.id } : {}),
        // A release before the line's first day pays for an ad nobody has seen go up: kept with the reason.
        ...(action === 'release' && todayIst(now) < view.fromDate ? { before_start: view.fromDate } : {}),
      },
      createdAt: now,
    });
    return after;
  });
}

/**
 * After an owner's reinstatement (src/workflows/owner-reinstatement.workflow.ts): each of its held payouts
 * whose line has an accepted proof (Verified, or accepted by an operator) and no operator hold is released,
 * each in its own transaction with the row locked, as the proof would have released it had the owner not
 * been suspended (DESIGN 7). Answers the ids released; again later, it finds nothing more to release.
 */
export async function releaseAcceptedAfterReinstatement(
  deps: Deps,
  mediaOwnerId: number,
  latestProofsOf: LatestProofsOf,
): Promise<number[]> {
  const rows = await listPayoutRows(deps.database.db, { mediaOwnerId, state: 'held' }, latestProofsOf);
  const released: number[] = [];
  for (const r of rows) {
    if (r.payout.operatorHold || r.payout.releasedAt || !hasAcceptedProof(r)) continue;
    const proofId = r.latestProof!.id;
    const after = await inTransaction(deps.database.db, async (tx) => {
      const locked = await lockPayout(tx, r.payout.id);
      if (locked?.state !== 'held' || locked.operatorHold) return locked;
      return releaseLocked(tx, locked, { now: deps.clock.now(), proofId });
    });
    if (after?.releasedAt) released.push(r.payout.id);
  }
  return released;
}
