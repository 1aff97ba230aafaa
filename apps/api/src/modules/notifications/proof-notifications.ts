import type { Db } from '../../db/client.ts';
import { queueNotifications } from './notifications.repository.ts';

/** "Proof posted" to the line's buyer, by SMS and (when known) email, in the proof's transaction. */
export async function queueProofPosted(
  tx: Db,
  proof: {
    proofId: number;
    orderId: number;
    lineId: number;
    siteName: string;
    verified: boolean;
    buyer: { phoneNumber: string; email: string | null };
  },
): Promise<void> {
  const payload = {
    order_id: proof.orderId,
    line_id: proof.lineId,
    proof_id: proof.proofId,
    site_name: proof.siteName,
    verified: proof.verified,
  };
  const key = `proof:${proof.proofId}:posted:buyer`;
  await queueNotifications(tx, [
    {
      dedupeKey: `${key}:sms`,
      channel: 'sms',
      recipient: proof.buyer.phoneNumber,
      template: 'proof_posted',
      payload,
    },
    ...(proof.buyer.email
      ? [
          {
            dedupeKey: `${key}:email`,
            channel: 'email' as const,
            recipient: proof.buyer.email,
            template: 'proof_posted' as const,
            payload,
          },
        ]
      : []),
  ]);
}
