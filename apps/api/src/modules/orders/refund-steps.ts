import type { RefundPart } from '@ooh/shared';
import type { Db } from '../../db/client.ts';

/** A refund of an order that the provider (or the operator, for cash) has just paid, with its line parts. */
export interface ProcessedRefund {
  refundId: number;
  orderId: number;
  amountPaise: number;
  /** From the order's ledger (decision 065): only the lines the refund names move. */
  parts: readonly RefundPart[];
  now: Date;
}

/**
 * What other modules do inside the transaction that records a refund as processed (decision 072): the
 * owners' payouts move by its parts. The orders module sits below payouts, so it names the step and the
 * app (app.ts, the one place that sees every module) hands it the payouts module's; a refund is never
 * processed without its payout step, and orders never imports payouts.
 */
export interface RefundSteps {
  refundProcessed(tx: Db, refund: ProcessedRefund): Promise<void>;
}
