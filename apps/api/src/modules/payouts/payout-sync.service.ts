import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { activeAccountOf } from './linked-accounts.service.ts';
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
 * Telling the provider what the ledger says (decisions 047, 066). The ledger is written first, in the
 * transactions of the payment, proof, refund or operator; this pass then brings the provider's transfer
 * to it: created on hold from the payment, reduced by reversals (before the release, so what is
 * released is never more than the line's share less its refunds and the recoveries taken from it),
 * released. One pass at a time per payout: a pass first claims the payout (a conditional UPDATE under
 * the row lock), so the job and an operator's Hold or Release never both read the provider and both
 * reverse; a crashed pass's claim lapses after PAYOUT_CLAIM_MS. Each step reads the provider first and
 * every reversal carries an idempotency key, so a retry after a lost answer does nothing twice.
 * A failure is retried by the job queue after a growing pause; after PAYOUT_MAX_ATTEMPTS the payout
 * reads `failed` for operators.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };
interface Log {
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

export const PAYOUT_MAX_ATTEMPTS = 6;
/** 5 min, 10, 20, 40, 80 (as refunds). */
export const payoutRetryDelayMs = (attempts: number) => 5 * 60_000 * 2 ** Math.max(0, attempts - 1);
/** Longer than a pass's provider calls can take (each call times out after 15 s). */
export const PAYOUT_CLAIM_MS = 2 * 60_000;

/** What should reach the owner through this payout's own transfer. */
const targetOf = (p: PayoutRow) => Math.max(0, payableOf(p) - p.deductedPaise);

/**
 * A reversal's idempotency key: the payout and what the reversal brings its transfer down to. The ledger's
 * target only falls (refunds reverse, releases deduct recoveries), so each reversal has its own key, and a
 * pass repeating one (after a lost answer) asks for the same key again.
 */
export const reversalKey = (payoutId: number, targetPaise: number) => `payout-${payoutId}-to-${targetPaise}`;

/** The provider's calls for one payout; answers what changed on the row (transfer id, release, UTR). */
async function pushToProvider(
  deps: Deps,
  provider: TransferProvider,
  p: PayoutRow,
): Promise<Partial<PayoutRow> | 'waiting'> {
  const target = targetOf(p);
  const reference = `payout-${p.id}`;
  const released = p.releasedAt !== null;
  // Held cash payouts have nothing at the provider until released (a direct transfer, never on hold).
  if (!p.transferId && ((!p.paymentId && !released) || target === 0)) return {};
  // A suspended owner's payouts pause, and nothing goes to bank details not verified again.
  const account = await activeAccountOf(deps, p.mediaOwnerId);
  if (!account?.accountId) return 'waiting';
  let transfer: ProviderTransfer | null = p.transferId ? await provider.fetchTransfer(p.transferId) : null;
  // Only the provider's own answer that the transfer failed makes a new one (never a webhook alone).
  if (transfer?.status === 'failed') transfer = null;
  if (!transfer) {
    transfer =
      (await provider.findTransfer(p.paymentId, reference)) ??
      (await provider.createTransfer({
        paymentId: p.paymentId,
        accountId: account.accountId,
        amountPaise: target,
        onHold: p.paymentId !== null && !released,
        reference,
        notes: { payout_id: String(p.id), order_id: String(p.orderId), line_id: String(p.orderItemId) },
      }));
  }
  const atProvider = transfer.amountPaise - transfer.reversedPaise;
  if (atProvider > target) {
    await provider.reverseTransfer(
      transfer.id,
      atProvider - target,
      { payout_id: String(p.id), reason: released ? 'recovery' : 'refund' },
      reversalKey(p.id, target),
    );
  }
  if (released && transfer.onHold && target > 0) transfer = await provider.releaseTransfer(transfer.id);
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

/** One pass: claim, provider calls, outcome. `again`: the ledger changed meanwhile (another pass is due). */
async function syncOnce(
  deps: Deps,
  provider: TransferProvider,
  payoutId: number,
  log?: Log,
): Promise<{ row: PayoutRow | undefined; again: boolean }> {
  const db = deps.database.db;
  const claimedAt = deps.clock.now();
  const claimUntil = new Date(claimedAt.getTime() + PAYOUT_CLAIM_MS);
  const before = await claimPayoutSync(db, payoutId, claimedAt, claimUntil);
  // Nothing to do, or another pass is at the provider for this payout: it sees what changed meanwhile.
  if (!before) return { row: await findPayout(db, payoutId), again: false };
  let outcome: Partial<PayoutRow> | 'waiting' | null = null;
  let error = '';
  try {
    outcome = await pushToProvider(deps, provider, before);
  } catch (err) {
    error = String((err as Error)?.message ?? err).slice(0, 300);
    log?.warn(
      { payoutId, provider: provider.name, reason: error },
      'payout: the provider failed; to be retried',
    );
  }
  const now = deps.clock.now();
  return inTransaction(db, async (tx) => {
    const current = await lockPayout(tx, payoutId);
    if (!current) return { row: undefined, again: false };
    // Give back only our own claim (a lapsed one may be another pass's by now).
    const release =
      current.syncClaimedUntil?.getTime() === claimUntil.getTime() ? { syncClaimedUntil: null } : {};
    // Changed meanwhile (a refund, a release): the next pass works from the new ledger.
    const unchanged =
      current.reversedPaise === before.reversedPaise &&
      current.deductedPaise === before.deductedPaise &&
      (current.releasedAt?.getTime() ?? 0) === (before.releasedAt?.getTime() ?? 0);
    if (outcome === 'waiting') {
      // The owner's linked account is not active yet: asked again later, without counting as a failure.
      const row = await updatePayout(tx, payoutId, {
        ...release,
        nextAttemptAt: new Date(now.getTime() + 15 * 60_000),
        updatedAt: now,
      });
      return { row, again: false };
    }
    if (outcome) {
      const restored =
        current.state === 'failed' ? (current.releasedAt ? 'released' : 'held') : current.state;
      const row = await updatePayout(tx, payoutId, {
        ...outcome,
        ...release,
        state: restored,
        needsSync: !unchanged,
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: now,
      });
      return { row, again: !unchanged };
    }
    const attempts = current.attempts + 1;
    const giveUp = attempts >= PAYOUT_MAX_ATTEMPTS;
    const row = await updatePayout(tx, payoutId, {
      ...release,
      attempts,
      lastError: error,
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + payoutRetryDelayMs(attempts)),
      // Out of tries: operators see it failed; their release or hold sends it again.
      needsSync: !giveUp,
      state: giveUp && current.state !== 'reversed' ? 'failed' : current.state,
      updatedAt: now,
    });
    return { row, again: false };
  });
}

/**
 * Brings one payout's provider transfer to the ledger; answers the row after. A change made while the pass
 * was at the provider (an operator's release during the job's pass) is sent by the same caller at once.
 */
export async function syncPayout(deps: Deps, payoutId: number, log?: Log): Promise<PayoutRow | undefined> {
  const provider = deps.transfers;
  if (!provider) return findPayout(deps.database.db, payoutId);
  let result = await syncOnce(deps, provider, payoutId, log);
  for (let pass = 1; pass < 3 && result.again; pass += 1)
    result = await syncOnce(deps, provider, payoutId, log);
  return result.row;
}

/** The job queue's pass: every payout with provider work whose pause is over. */
export async function syncDuePayouts(deps: Deps, log: Log): Promise<{ synced: number }> {
  const due = await findPayoutsToSync(deps.database.db, deps.clock.now(), 100);
  for (const { id } of due) await syncPayout(deps, id, log);
  if (due.length) log.info({ payouts: due.length }, 'payouts sent to the provider');
  return { synced: due.length };
}
