import type { MediaOwner } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { releaseAcceptedAfterReinstatement } from '../modules/payouts/payout-ops.service.ts';
import type { TransferProvider } from '../modules/payouts/transfer-provider.ts';
import { latestProofsOf } from '../modules/proofs/proofs.service.ts';
import { syncPayout } from './payout-sync.workflow.ts';
import { setOwnerSuspended } from './suspend-owner.workflow.ts';

/*
 * An operator reinstates a suspended owner (DESIGN 7: a suspended owner's proofs are kept, its payouts
 * held until reinstatement), in explicit steps:
 * 1. reinstate: the owner's status, its sites back to the status they had, the audit entry and the
 *    owner's message, one transaction (partners, sites, audit);
 * 2. release each held payout whose line has an accepted proof (its latest proof read by proofs, handed to
 *    payouts, which sits below it), each in its own transaction (payouts);
 *    run on every call, so reinstating again after a crash between the steps releases what step 2 left;
 * 3. tell the provider: one sync pass per released payout (a provider failure stays with the job's retries).
 */

type Deps = Pick<AppDeps, 'database' | 'clock'> & { transfers?: TransferProvider };
interface Log {
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

export async function reinstateOwner(
  deps: Deps,
  log: Log,
  operatorId: number,
  ownerId: number,
  reason: string,
): Promise<MediaOwner> {
  const owner = await setOwnerSuspended(
    { db: deps.database.db, clock: deps.clock },
    operatorId,
    ownerId,
    false,
    reason,
  );
  if (owner.status !== 'approved') return owner;
  const released = await releaseAcceptedAfterReinstatement(deps, ownerId, latestProofsOf);
  for (const id of released) await syncPayout(deps, id, log);
  return owner;
}
