import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { activeAccountOf } from './linked-accounts.service.ts';
import {
  findPayout,
  findPayoutsToSync,
  lockPayout,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';
import { payableOf } from './payouts.service.ts';
import type { ProviderTransfer, TransferProvider } from './transfer-provider.ts';

/*
 * Telling the provider what the ledger says (decision 047). The ledger is written first, in the
 * transactions of the payment, proof, refund or operator; this pass then brings the provider's transfer
 * to it: created on hold from the payment, reduced by reversals (before the release, so what is
 * released is never more than the line's share less its refunds and the recoveries taken from it),
 * released. Each step reads the provider first, so a retry after a lost answer does nothing twice.
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

/** What should reach the owner through this payout's own transfer. */
const targetOf = (p: PayoutRow) => Math.max(0, payableOf(p) - p.deductedPaise);

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
    await provider.reverseTransfer(transfer.id, atProvider - target, {
      payout_id: String(p.id),
      reason: released ? 'recovery' : 'refund',
    });
  }
  if (released && transfer.onHold && target > 0) transfer = await provider.releaseTransfer(transfer.id);
  return {
    transferId: transfer.id,
    providerReleased: !transfer.onHold,
    utr: transfer.utr ?? p.utr,
  };
}

/** Brings one payout's provider transfer to the ledger; answers the row after. */
export async function syncPayout(deps: Deps, payoutId: number, log?: Log): Promise<PayoutRow | undefined> {
  const db = deps.database.db;
  const provider = deps.transfers;
  const before = await findPayout(db, payoutId);
  if (!before || !provider || !before.needsSync) return before;
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
    if (!current) return undefined;
    // Changed meanwhile (a refund, a release): the next pass works from the new ledger.
    const unchanged =
      current.reversedPaise === before.reversedPaise &&
      current.deductedPaise === before.deductedPaise &&
      (current.releasedAt?.getTime() ?? 0) === (before.releasedAt?.getTime() ?? 0);
    if (outcome === 'waiting') {
      // The owner's linked account is not active yet: asked again later, without counting as a failure.
      return updatePayout(tx, payoutId, {
        nextAttemptAt: new Date(now.getTime() + 15 * 60_000),
        updatedAt: now,
      });
    }
    if (outcome) {
      const restored =
        current.state === 'failed' ? (current.releasedAt ? 'released' : 'held') : current.state;
      return updatePayout(tx, payoutId, {
        ...outcome,
        state: restored,
        needsSync: !unchanged,
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: now,
      });
    }
    const attempts = current.attempts + 1;
    const giveUp = attempts >= PAYOUT_MAX_ATTEMPTS;
    return updatePayout(tx, payoutId, {
      attempts,
      lastError: error,
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + payoutRetryDelayMs(attempts)),
      // Out of tries: operators see it failed; their release or hold sends it again.
      needsSync: !giveUp,
      state: giveUp && current.state !== 'reversed' ? 'failed' : current.state,
      updatedAt: now,
    });
  });
}

/** The job queue's pass: every payout with provider work whose pause is over. */
export async function syncDuePayouts(deps: Deps, log: Log): Promise<{ synced: number }> {
  const due = await findPayoutsToSync(deps.database.db, deps.clock.now(), 100);
  for (const { id } of due) await syncPayout(deps, id, log);
  if (due.length) log.info({ payouts: due.length }, 'payouts sent to the provider');
  return { synced: due.length };
}
