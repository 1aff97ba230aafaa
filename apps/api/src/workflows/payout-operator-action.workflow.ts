import type { PayoutRow as PayoutAnswer } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { decidePayout, type PayoutAction, payoutAnswer } from '../modules/payouts/payout-ops.service.ts';
import type { TransferProvider } from '../modules/payouts/transfer-provider.ts';
import { latestProofsOf } from '../modules/proofs/proofs.service.ts';
import { syncPayout } from './payout-sync.workflow.ts';

/*
 * An operator holds, releases, accepts or rejects a payout's proof (decisions 047, 066), in explicit steps:
 * 1. decide: the ledger's change and its audit entry, one transaction, the payout row locked (payouts,
 *    audit), about the line's latest proof as the proofs module reads it (proofs sits above payouts);
 * 2. tell the provider, if the change left provider work: one sync pass, which first claims the payout
 *    so it never runs beside the job's pass for the same payout, and sends each reversal with its
 *    idempotency key (a provider failure stays with the job queue's retries);
 * 3. answer the payout as the ledger reads it now (with the line's latest proof again).
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };
interface Log {
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

export async function payoutOperatorAction(
  deps: Deps,
  log: Log,
  operatorId: number,
  payoutId: number,
  action: PayoutAction,
  body: { reason: string },
): Promise<PayoutAnswer> {
  const decided = await decidePayout(deps, operatorId, payoutId, action, body.reason, latestProofsOf);
  if (decided.needsSync) await syncPayout(deps, payoutId, log);
  return payoutAnswer(deps, payoutId, latestProofsOf);
}
