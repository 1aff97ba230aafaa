/*
 * The provider's transfer status as the ledger keeps it (decision 066). Razorpay's transfer goes from
 * created/pending to processed, or to failed; reversals keep it processed (partially_reversed, reversed).
 * The ledger's copy only moves forward: once processed, a later "failed" (a webhook replayed or arriving
 * out of order) is recorded for operators and never makes a second transfer; and a new transfer is made
 * only when the provider's own answer for the transfer reads failed (payout-sync), never on a webhook alone.
 */

export type TransferStatus = 'created' | 'processed' | 'failed';

export function transferStatusOf(providerStatus: string): TransferStatus {
  if (providerStatus === 'failed') return 'failed';
  if (['processed', 'partially_reversed', 'reversed'].includes(providerStatus)) return 'processed';
  return 'created';
}

const RANK: Record<TransferStatus, number> = { created: 0, failed: 1, processed: 2 };

/**
 * The status after learning `next` about the same transfer; null when it would move backwards. Processed
 * is the furthest: a transfer reported failed that the provider processed after all is processed.
 */
export function forwardTransferStatus(current: string | null, next: TransferStatus): TransferStatus | null {
  const from = current && current in RANK ? RANK[current as TransferStatus] : 0;
  return RANK[next] >= from ? next : null;
}
