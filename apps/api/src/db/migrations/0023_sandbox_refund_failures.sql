-- The sandbox refuses the first N refunds of a payment when asked to at Pay (refund_failures), so the
-- refund retry and abandon paths can be rehearsed end to end (docs/decisions/036-order-ledger.md).
ALTER TABLE "sandbox_payments" ADD COLUMN "refund_failures" integer DEFAULT 0 NOT NULL;
