-- One truth per order (docs/decisions/036-order-ledger.md). A line is `held` until its order is paid
-- (never "Booked" before): new lines start held, unpaid orders' lines become held, the lines of orders
-- whose payment came too late (failed) are cancelled.
ALTER TABLE "order_items" ALTER COLUMN "status" SET DEFAULT 'held';
--> statement-breakpoint
UPDATE "order_items" AS oi SET "status" = 'held'
  FROM "orders" AS o
  WHERE o."id" = oi."order_id" AND o."paid_at" IS NULL AND o."status" <> 'failed' AND oi."status" = 'scheduled';
--> statement-breakpoint
UPDATE "order_items" AS oi SET "status" = 'cancelled'
  FROM "orders" AS o
  WHERE o."id" = oi."order_id" AND o."status" = 'failed' AND oi."status" = 'scheduled';
--> statement-breakpoint
-- The refund ledger (docs/decisions/036-order-ledger.md): only processed refunds return money.
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "processed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "abandoned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "abandon_reason" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "abandoned_by_user_id" integer REFERENCES "users"("id");
--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("status", "next_attempt_at");
--> statement-breakpoint
UPDATE "refunds" SET "processed_at" = "created_at" WHERE "status" = 'processed';
--> statement-breakpoint
-- Failed refunds of before: retried by the job queue from now on, with their keys.
UPDATE "refunds" SET "next_attempt_at" = now() WHERE "status" IN ('failed', 'pending');
--> statement-breakpoint
-- Paid orders read their status from processed refunds and cancelled lines.
UPDATE "orders" AS o SET "status" = s."status" FROM (
  SELECT o2."id",
    CASE
      WHEN (SELECT count(*) FROM "order_items" i WHERE i."order_id" = o2."id") > 0
       AND NOT EXISTS (SELECT 1 FROM "order_items" i WHERE i."order_id" = o2."id" AND i."status" <> 'cancelled')
        THEN 'cancelled'
      WHEN coalesce((SELECT sum(r."amount_paise") FROM "refunds" r WHERE r."order_id" = o2."id" AND r."status" = 'processed'), 0) >= o2."amount_paise"
        THEN 'refunded'
      WHEN coalesce((SELECT sum(r."amount_paise") FROM "refunds" r WHERE r."order_id" = o2."id" AND r."status" = 'processed'), 0) > 0
        THEN 'partially_refunded'
      ELSE 'paid'
    END AS "status"
  FROM "orders" o2 WHERE o2."status" = 'paid'
) AS s WHERE s."id" = o."id" AND s."status" <> 'paid';
