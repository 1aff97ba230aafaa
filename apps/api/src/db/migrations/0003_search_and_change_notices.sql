-- Trigram search: ILIKE '%text%' on the catalogue's searchable columns uses these GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_address_trgm_idx" ON "products" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_city_trgm_idx" ON "products" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_district_trgm_idx" ON "products" USING gin ("district" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_trgm_idx" ON "products" USING gin ("product_id" gin_trgm_ops);--> statement-breakpoint
-- Change notices for the catalogue response cache (docs/decisions/010): any committed change to what the
-- catalogue shows notifies every API process listening on 'catalogue_changed', which then drops its cached
-- answers. Statement-level, so a bulk seed sends one notice per statement, and only on commit.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER bookings_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER campaigns_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER campaign_products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campaign_products"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
