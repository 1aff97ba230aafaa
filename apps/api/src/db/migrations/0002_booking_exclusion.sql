-- No site is ever booked twice for overlapping days (DESIGN.md section 3). Cancelled rows do not count;
-- live holds and confirmed bookings do. Half-open ranges let [1,8) and [8,15) sit back to back.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("product_id" WITH =, "period" WITH &&) WHERE ("status" <> 'cancelled');
