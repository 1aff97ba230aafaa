import type { PayoutsQuery, PayoutsResponse } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { payoutLedger } from '../modules/payouts/payout-ops.service.ts';
import { latestProofsOf } from '../modules/proofs/proofs.service.ts';

/*
 * GET /api/partner/payouts and GET /api/ops/payouts (decision 047): the payouts module's ledger, with each
 * line's latest proof (why a payout is held, whether it is flagged or waits on a decision) as the proofs
 * module reads it. Proofs sits above payouts (decision 072), so this read is composed here.
 */
export function readPayoutLedger(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  q: PayoutsQuery,
  scope: { mediaOwnerId: number } | 'operator',
): Promise<PayoutsResponse> {
  return payoutLedger(deps, q, scope, latestProofsOf);
}
