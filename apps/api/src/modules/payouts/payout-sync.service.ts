import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  claimPayoutSync,
  findPayout,
  findPayoutsToSync,
  lockPayout,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';
import { payableOf } from './payouts.service.ts';
import type { ProviderTransfer, TransferProvider } from './transfer-provider.ts';
import { forwardTransferStatus, transferStatusOf } from './transfer-status.ts';

/*
 * The payouts module's steps of a sync pass (decisions 047, 066): what brings a payout's provider transfer
 * to the ledger. The sequence (claim, read the provider, create / reverse / release, record) is the
 * payout-sync workflow's (src/workflows/payout-sync.workflow.ts); these functions touch only the payouts
 * module's tables and its transfer provider. The claim is a conditional UPDATE under the row lock, so two
 * passes never both read the provider for one payout; a crashed pass's claim lapses after PAYOUT_CLAIM_MS.
 * Every reversal carries its idempotency key (reversalKey), so a retry after a lost answer does nothing
 * twice. A failure is retried by the job queue after a growing pause; after PAYOUT_MAX_ATTEMPTS the
 * payout reads `failed` for operators.
 */

export type { PayoutRow };

type Deps = Pick<AppDeps, 'database' | 'clock'>;

export const PAYOUT_MAX_ATTEMPTS = 6;
/** 5 min, 10, 20, 40, 80 (as refunds). */
export const payoutRetryDelayMs = (attempts: number) => 5 * 60_000 * 2 ** Math.max(0, attempts - 1);
/** Longer than a pass's provider calls can take (each call times out after 15 s). */
export const PAYOUT_CLAIM_MS = 2 * 60_000;
/** A payout whose owner's linked account is not active yet is asked about again after this pause. */
const ACCOUNT_WAIT_MS = 15 * 60_000;

/** What should reach the owner through this payout's own transfer. */
export const syncTargetOf = (p: PayoutRow) => Math.max(0, payableOf(p) - p.deductedPaise);

/**
 * A reversal's idempotency key: the payout and what the reversal brings its transfer down to. The ledger's
 * target only falls (refunds reverse, releases deduct recoveries), so each reversal has its own key, and a
 * pass repeating one (after a lost answer) asks for the same key again.
 */
export const reversalKey = (payoutId: number, targetPaise: number) => `payout-${payoutId}-to-${targetPaise}`;

/** Ours, in the transfer's notes: a retry after a lost answer finds the transfer it made. */
const referenceOf = (p: PayoutRow) => `payout-${p.id}`;

/** The payouts with provider work whose pause is over, oldest first. */
export async function payoutsDueForSync(deps: Deps, limit: number): Promise<number[]> {
  const due = await findPayoutsToSync(deps.database.db, deps.clock.now(), limit);
  return due.map((r) => r.id);
}

export async function payoutOf(deps: Pick<Deps, 'database'>, payoutId: number) {
  return findPayout(deps.database.db, payoutId);
}

/** A pass's claim on a payout: the row as claimed, and until when (the pass gives back only its own). */
export interface SyncClaim {
  before: PayoutRow;
  claimUntil: Date;
}

/**
 * Claims the payout for one pass: a conditional UPDATE (provider work left, no live claim), so of two
 * passes at once the second waits for the first's row lock, finds the claim taken and gets nothing.
 * Answers null when there is nothing to do or another pass is at the provider for this payout.
 */
export async function claimPayoutForSync(deps: Deps, payoutId: number): Promise<SyncClaim | null> {
  const claimedAt = deps.clock.now();
  const claimUntil = new Date(claimedAt.getTime() + PAYOUT_CLAIM_MS);
  const before = await claimPayoutSync(deps.database.db, payoutId, claimedAt, claimUntil);
  return before ? { before, claimUntil } : null;
}

/** Held cash payouts have nothing at the provider until released (a direct transfer, never on hold). */
export const nothingToSend = (p: PayoutRow) =>
  !p.transferId && ((!p.paymentId && !p.releasedAt) || syncTargetOf(p) === 0);

/**
 * The payout's transfer as the provider has it: by its id, else the one a lost answer made (found by our
 * reference). Only the provider's own answer that the transfer failed makes a new one (never a webhook
 * alone): a failed transfer reads as none.
 */
export async function readProviderTransfer(
  provider: TransferProvider,
  p: PayoutRow,
): Promise<ProviderTransfer | null> {
  let transfer: ProviderTransfer | null = p.transferId ? await provider.fetchTransfer(p.transferId) : null;
  if (transfer?.status === 'failed') transfer = null;
  return transfer ?? (await provider.findTransfer(p.paymentId, referenceOf(p)));
}

/** A new transfer of the target to the owner's account: on hold from the payment until the release. */
export async function createProviderTransfer(
  provider: TransferProvider,
  p: PayoutRow,
  accountId: string,
  targetPaise: number,
): Promise<ProviderTransfer> {
  return provider.createTransfer({
    paymentId: p.paymentId,
    accountId,
    amountPaise: targetPaise,
    onHold: p.paymentId !== null && !p.releasedAt,
    reference: referenceOf(p),
    notes: { payout_id: String(p.id), order_id: String(p.orderId), line_id: String(p.orderItemId) },
  });
}

/**
 * Reverses what the transfer holds above the target (refunds before the release, recoveries after), with
 * the caller's idempotency key; nothing when it holds no more.
 */
export async function reverseTransferTo(
  provider: TransferProvider,
  p: PayoutRow,
  transfer: ProviderTransfer,
  targetPaise: number,
  idempotencyKey: string,
): Promise<void> {
  const atProvider = transfer.amountPaise - transfer.reversedPaise;
  if (atProvider <= targetPaise) return;
  await provider.reverseTransfer(
    transfer.id,
    atProvider - targetPaise,
    { payout_id: String(p.id), reason: p.releasedAt ? 'recovery' : 'refund' },
    idempotencyKey,
  );
}

/** A released payout's transfer still on hold is released (nothing when nothing is owed through it). */
export async function releaseProviderTransfer(
  provider: TransferProvider,
  p: PayoutRow,
  transfer: ProviderTransfer,
  targetPaise: number,
): Promise<ProviderTransfer> {
  if (p.releasedAt && transfer.onHold && targetPaise > 0) return provider.releaseTransfer(transfer.id);
  return transfer;
}

/** What the provider's transfer changes on the row (transfer id, status, release, UTR). */
export function transferChangesOf(p: PayoutRow, transfer: ProviderTransfer): Partial<PayoutRow> {
  const sameTransfer = transfer.id === p.transferId;
  const status = forwardTransferStatus(
    sameTransfer ? p.transferStatus : null,
    transferStatusOf(transfer.status),
  );
  return {
    transferId: transfer.id,
    ...(status ? { transferStatus: status } : {}),
    providerReleased: !transfer.onHold,
    // A UTR a settlement event wrote meanwhile stays; a new transfer starts without one.
    ...(transfer.utr ? { utr: transfer.utr } : sameTransfer ? {} : { utr: null }),
  };
}

/** A recorded pass: the row after, and `again` when the ledger changed meanwhile (another pass is due). */
export interface SyncRecorded {
  row: PayoutRow | undefined;
  again: boolean;
}

/**
 * One transaction, the payout locked: `record` writes the pass's outcome. `release` gives back only this
 * pass's claim (a lapsed one may be another pass's by now); `unchanged`: no refund or release meanwhile.
 */
async function recordUnderLock(
  deps: Deps,
  claim: SyncClaim,
  record: (
    tx: Db,
    current: PayoutRow,
    w: { release: Partial<PayoutRow>; unchanged: boolean; now: Date },
  ) => Promise<SyncRecorded>,
): Promise<SyncRecorded> {
  const now = deps.clock.now();
  const { before, claimUntil } = claim;
  return inTransaction(deps.database.db, async (tx) => {
    const current = await lockPayout(tx, before.id);
    if (!current) return { row: undefined, again: false };
    const release =
      current.syncClaimedUntil?.getTime() === claimUntil.getTime() ? { syncClaimedUntil: null } : {};
    const unchanged =
      current.reversedPaise === before.reversedPaise &&
      current.deductedPaise === before.deductedPaise &&
      (current.releasedAt?.getTime() ?? 0) === (before.releasedAt?.getTime() ?? 0);
    return record(tx, current, { release, unchanged, now });
  });
}

/**
 * The provider did what the ledger asked: its changes recorded, a failed payout back to held or released,
 * the tries reset. Changed meanwhile (a refund, a release): the next pass works from the new ledger.
 */
export async function recordSyncDone(
  deps: Deps,
  claim: SyncClaim,
  changes: Partial<PayoutRow>,
): Promise<SyncRecorded> {
  return recordUnderLock(deps, claim, async (tx, current, { release, unchanged, now }) => {
    const restored = current.state === 'failed' ? (current.releasedAt ? 'released' : 'held') : current.state;
    const row = await updatePayout(tx, current.id, {
      ...changes,
      ...release,
      state: restored,
      needsSync: !unchanged,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: now,
    });
    return { row, again: !unchanged };
  });
}

/** The owner's linked account is not active yet: asked again later, without counting as a failure. */
export async function recordSyncWaiting(deps: Deps, claim: SyncClaim): Promise<SyncRecorded> {
  return recordUnderLock(deps, claim, async (tx, current, { release, now }) => {
    const row = await updatePayout(tx, current.id, {
      ...release,
      nextAttemptAt: new Date(now.getTime() + ACCOUNT_WAIT_MS),
      updatedAt: now,
    });
    return { row, again: false };
  });
}

/**
 * The provider failed: one more try counted, retried after payoutRetryDelayMs; out of tries
 * (PAYOUT_MAX_ATTEMPTS), operators see it failed and their release or hold sends it again.
 */
export async function recordSyncFailure(deps: Deps, claim: SyncClaim, error: string): Promise<SyncRecorded> {
  return recordUnderLock(deps, claim, async (tx, current, { release, now }) => {
    const attempts = current.attempts + 1;
    const giveUp = attempts >= PAYOUT_MAX_ATTEMPTS;
    const row = await updatePayout(tx, current.id, {
      ...release,
      attempts,
      lastError: error,
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + payoutRetryDelayMs(attempts)),
      needsSync: !giveUp,
      state: giveUp && current.state !== 'reversed' ? 'failed' : current.state,
      updatedAt: now,
    });
    return { row, again: false };
  });
}
