import type { AppDeps } from '../app-types.ts';
import { activeAccountOf } from '../modules/payouts/linked-accounts.service.ts';
import {
  claimPayoutForSync,
  createProviderTransfer,
  nothingToSend,
  type PayoutRow,
  payoutOf,
  payoutsDueForSync,
  readProviderTransfer,
  recordSyncDone,
  recordSyncFailure,
  recordSyncWaiting,
  releaseProviderTransfer,
  reversalKey,
  reverseTransferTo,
  type SyncRecorded,
  syncTargetOf,
  transferChangesOf,
} from '../modules/payouts/payout-sync.service.ts';
import type { TransferProvider } from '../modules/payouts/transfer-provider.ts';

/*
 * Telling the provider what the ledger says (decisions 047, 066). The ledger is written first, in the
 * transactions of the payment, proof, refund or operator; this pass then brings the provider's transfer
 * to it: created on hold from the payment, reduced by reversals (before the release, so what is
 * released is never more than the line's share less its refunds and the recoveries taken from it),
 * released. One pass, in explicit steps over the payouts module's services:
 * 1. claim the payout: a conditional UPDATE under the row lock, so the job and an operator's Hold or
 *    Release never both read the provider and both reverse (a crashed pass's claim lapses after
 *    PAYOUT_CLAIM_MS); no claim: nothing to do, or another pass is at the provider and sees what changed;
 * 2. read the provider (outside any transaction): the owner's active linked account (a suspended owner's
 *    payouts pause), then the payout's transfer, by its id or by our reference after a lost answer;
 * 3. create the transfer if there is none (on hold from the payment until the release), reverse it down to
 *    the ledger's target with the reversal's idempotency key (reversalKey: a retry asks for the same
 *    reversal, never another), release it once the ledger has;
 * 4. record, one transaction, the payout locked: what changed at the provider (tries reset), or the wait
 *    for the linked account, or the failure with its retry after payoutRetryDelayMs (failed for operators
 *    after PAYOUT_MAX_ATTEMPTS); the pass gives back its own claim. A change to the ledger while the pass
 *    was at the provider (a refund, an operator's release) is sent by the same caller at once.
 * Called by the job queue (syncDuePayouts) and by the operator's and reinstatement's workflows
 * (syncPayout, right after their ledger change).
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };
interface Log {
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

/** Steps 2-3: the provider's calls for one claimed payout; answers what changed on the row, or 'waiting'. */
async function bringTransferToLedger(
  deps: Deps,
  provider: TransferProvider,
  p: PayoutRow,
): Promise<Partial<PayoutRow> | 'waiting'> {
  // A held cash payout has nothing at the provider until released (then a direct transfer, never on hold).
  if (nothingToSend(p)) return {};
  const target = syncTargetOf(p);
  // 2. Read: the owner's active linked account (nothing goes to a suspended owner, nor to bank details
  //    not verified again), then the transfer the provider has for this payout.
  const account = await activeAccountOf(deps, p.mediaOwnerId);
  if (!account?.accountId) return 'waiting';
  const found = await readProviderTransfer(provider, p);
  // 3a. Create: none yet, or only a failed one.
  const transfer = found ?? (await createProviderTransfer(provider, p, account.accountId, target));
  // 3b. Reverse what it holds above the target, with the reversal's own idempotency key.
  await reverseTransferTo(provider, p, transfer, target, reversalKey(p.id, target));
  // 3c. Release it once the ledger has.
  const released = await releaseProviderTransfer(provider, p, transfer, target);
  return transferChangesOf(p, released);
}

/** One pass: claim, provider calls, record. `again`: the ledger changed meanwhile (another pass is due). */
async function syncOnce(
  deps: Deps,
  provider: TransferProvider,
  payoutId: number,
  log?: Log,
): Promise<SyncRecorded> {
  // 1. Claim.
  const claim = await claimPayoutForSync(deps, payoutId);
  if (!claim) return { row: await payoutOf(deps, payoutId), again: false };
  // 2-3. The provider, outside any transaction; a failure is recorded below, never thrown to the caller.
  let outcome: Partial<PayoutRow> | 'waiting' | null = null;
  let error = '';
  try {
    outcome = await bringTransferToLedger(deps, provider, claim.before);
  } catch (err) {
    error = String((err as Error)?.message ?? err).slice(0, 300);
    log?.warn(
      { payoutId, provider: provider.name, reason: error },
      'payout: the provider failed; to be retried',
    );
  }
  // 4. Record what changed, or the wait for the linked account, or the failure with its retry.
  if (outcome === 'waiting') return recordSyncWaiting(deps, claim);
  if (outcome) return recordSyncDone(deps, claim, outcome);
  return recordSyncFailure(deps, claim, error);
}

/**
 * Brings one payout's provider transfer to the ledger; answers the row after. A change made while the pass
 * was at the provider (an operator's release during the job's pass) is sent by the same caller at once.
 */
export async function syncPayout(deps: Deps, payoutId: number, log?: Log): Promise<PayoutRow | undefined> {
  const provider = deps.transfers;
  if (!provider) return payoutOf(deps, payoutId);
  let result = await syncOnce(deps, provider, payoutId, log);
  for (let pass = 1; pass < 3 && result.again; pass += 1)
    result = await syncOnce(deps, provider, payoutId, log);
  return result.row;
}

/** The job queue's pass: every payout with provider work whose pause is over. */
export async function syncDuePayouts(deps: Deps, log: Log): Promise<{ synced: number }> {
  const due = await payoutsDueForSync(deps, 100);
  for (const id of due) await syncPayout(deps, id, log);
  if (due.length) log.info({ payouts: due.length }, 'payouts sent to the provider');
  return { synced: due.length };
}
