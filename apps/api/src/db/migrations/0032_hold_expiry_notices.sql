-- Issue 49 (decision 084): the expiry job queues the expiry notices from the options that expired lately,
-- whoever cancelled them (the sweep, or a writer on the site releasing a lapsed one first); this index
-- keeps that look-up to the last hours' expired options instead of every cancelled booking.
CREATE INDEX IF NOT EXISTS "bookings_option_expired_idx" ON "bookings" USING btree ("hold_expires_at") WHERE option_ended = 'expired';
