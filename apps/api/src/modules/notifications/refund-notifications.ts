import type { Db } from '../../db/client.ts';
import { queueNotifications } from './notifications.repository.ts';

/** "Refund issued" to the buyer (SMS, and email when the profile has one), once per refund. */
export async function queueRefundIssued(
  tx: Db,
  refund: { id: number; orderId: number; amountRupees: number; creditNoteNumber: string | null },
  buyer: { phone: string; email: string | null },
): Promise<void> {
  const payload = {
    order_id: refund.orderId,
    refund_id: refund.id,
    amount: refund.amountRupees,
    credit_note_number: refund.creditNoteNumber,
  };
  const key = `refund:${refund.id}:issued:buyer`;
  await queueNotifications(tx, [
    { dedupeKey: `${key}:sms`, channel: 'sms', recipient: buyer.phone, template: 'refund_issued', payload },
    ...(buyer.email
      ? [
          {
            dedupeKey: `${key}:email`,
            channel: 'email' as const,
            recipient: buyer.email,
            template: 'refund_issued' as const,
            payload,
          },
        ]
      : []),
  ]);
}

/**
 * A duplicate or late payment returned to the buyer (decision 065): a payment reversal, not a refund of
 * the order, so no credit note and "payment returned" rather than "refund issued". Once per reversal.
 */
export async function queuePaymentReturned(
  tx: Db,
  reversal: { id: number; orderId: number; amountRupees: number },
  buyer: { phone: string; email: string | null },
): Promise<void> {
  const payload = { order_id: reversal.orderId, refund_id: reversal.id, amount: reversal.amountRupees };
  const key = `reversal:${reversal.id}:buyer`;
  await queueNotifications(tx, [
    {
      dedupeKey: `${key}:sms`,
      channel: 'sms',
      recipient: buyer.phone,
      template: 'payment_returned',
      payload,
    },
    ...(buyer.email
      ? [
          {
            dedupeKey: `${key}:email`,
            channel: 'email' as const,
            recipient: buyer.email,
            template: 'payment_returned' as const,
            payload,
          },
        ]
      : []),
  ]);
}
