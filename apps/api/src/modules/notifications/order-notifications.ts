import type { Db } from '../../db/client.ts';

/**
 * Queues "booking confirmed" for the buyer and the sites' media owners, in the payment's transaction.
 * PLACEHOLDER of the foundation commit: the notifications work implements it (queueNotifications).
 */
export async function queueBookingConfirmed(_tx: Db, _orderId: number, _now: Date): Promise<void> {}
