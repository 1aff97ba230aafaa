import type { AcceptRequest, OwnerAnswerRequest, Proposal } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { inTransaction } from '../db/transaction.ts';
import { sqlState } from '../lib/errors.ts';
import { datesTaken, placeOptions, siteLabelOf } from '../modules/holds/option-placement.service.ts';
import { acceptLines, type Side } from '../modules/proposals/proposal-steps.service.ts';
import { proposalFor } from '../modules/proposals/proposals.service.ts';

/*
 * Accepting a proposal's lines (DESIGN section 19, decision 086), by the buyer (the owner's offer) or by
 * the owner (the buyer's counter). One transaction:
 * 1. proposals: the proposal row locked, the lines accepted, the offers written, the other side told;
 * 2. holds: an option per accepted line for the brief's buyer until the proposal's validity ends, under
 *    the bookings' one EXCLUDE constraint. A line whose dates were taken meanwhile answers 409 naming its
 *    site, and the whole step rolls back: nothing is accepted that cannot be held.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

export async function acceptProposal(
  deps: Deps,
  id: number,
  who: Side,
  body: AcceptRequest | OwnerAnswerRequest,
): Promise<Proposal> {
  const now = deps.clock.now();
  let tried: Array<{ productId: number; fromDate: string; toDate: string }> = [];
  try {
    await inTransaction(
      deps.database.db,
      async (tx) => {
        // 1. The negotiation's step.
        const step = await acceptLines(tx, id, who, body.line_ids, now);
        tried = step.accepted.map((l) => ({
          productId: l.productId,
          fromDate: l.fromDate,
          toDate: l.toDate,
        }));
        // 2. The holds, for the buyer (and the brief's client, if any), until the validity ends.
        await placeOptions(
          tx,
          step.brief.buyerUserId,
          tried,
          step.proposal.validUntil,
          now,
          step.brief.clientId,
        );
      },
      { attempts: 1 },
    );
  } catch (err) {
    // The EXCLUDE constraint is the judge when a rival committed between our look-up and our insert.
    if (sqlState(err) === '23P01' && tried.length) {
      const site = await siteLabelOf(deps.database.db, tried[0].productId);
      throw datesTaken(
        site ?? { name: `Site ${tried[0].productId}`, productCode: '' },
        tried[0].fromDate,
        tried[0].toDate,
      );
    }
    throw err;
  }
  return proposalFor(
    deps,
    id,
    'ownerId' in who ? { ownerId: who.ownerId } : { buyerUserId: who.buyerUserId },
  );
}
