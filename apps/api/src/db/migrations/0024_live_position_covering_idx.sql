-- Issue 23 (decision 047): the map's clusters call groups every live site of a state or of India by grid
-- cell. A covering index of the live sites' positions (and ids, for a lone site's marker and the booked
-- days' join) lets PostgreSQL read it index-only (about 4 MB at 100,000 sites) instead of the whole
-- products table (70 MB): 134 -> ~40 ms median over India on a loaded 2-core machine.
CREATE INDEX IF NOT EXISTS "products_live_position_idx" ON "products" USING btree ("longitude", "latitude", "id") WHERE "status" = 'live' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
