-- Decision 065: every refund names its lines and the part of each (paise with GST), each within what that
-- line has left, so one owner's refund never takes from another owner's line. Refunds written before this
-- keep an empty list and are read by the old spread rule (shared refundSpread), so past statements stand.
-- A refund being sent to the provider is `in_flight` (status is text; no constraint to change).
ALTER TABLE "refunds" ADD COLUMN "line_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;
