import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { proofReleasedPayout } from '../payouts/payouts.service.ts';
import { lockOwnerProof, markProofWithdrawn } from './proofs.repository.ts';

/** How long after posting an owner may take a proof back (docs/product-rules.md section 7). */
export const PROOF_WITHDRAW_HOURS = 24;

/**
 * DELETE /api/partner/proofs/{id} (decision 046): a member withdraws a mistaken proof within 24 hours of
 * posting it; later it is a 409. Withdrawing again answers as the first time. Audited. The proof then
 * counts nowhere (lists, the image, the operator's view); its files stay for the audit trail.
 * A proof that released the owner's payout (docs/product-rules.md "Payouts", decision 047) is a 409: the
 * money left on its strength.
 */
export async function withdrawProof(
  deps: { db: Db; clock: Clock },
  acting: { ownerId: number; userId: number },
  proofId: number,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const proof = await lockOwnerProof(tx, acting.ownerId, proofId);
    if (!proof) throw notFound('Proof');
    if (proof.withdrawnAt) return;
    if (await proofReleasedPayout(tx, proof.orderItemId, proofId)) {
      throw conflict(
        "This proof released the owner's payout, so it can no longer be withdrawn. Ask an operator if it is wrong.",
      );
    }
    const now = deps.clock.now();
    if (now.getTime() - proof.createdAt.getTime() > PROOF_WITHDRAW_HOURS * 3_600_000) {
      throw conflict(
        `A proof can be withdrawn within ${PROOF_WITHDRAW_HOURS} hours of posting; this one is older.`,
      );
    }
    await markProofWithdrawn(tx, proofId, now);
    await recordAudit(tx, {
      actorUserId: acting.userId,
      action: 'proof.withdraw',
      entity: 'proof',
      entityId: String(proofId),
      before: {
        line_id: proof.orderItemId,
        verified: proof.verified,
        created_at: proof.createdAt.toISOString(),
      },
      after: { withdrawn_at: now.toISOString() },
      createdAt: now,
    });
  });
}
