CREATE TABLE "order_status_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_items_sku_trgm_idx" ON "order_items" USING gin (lower(sku) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_payment_created_idx" ON "orders" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_shipping_created_idx" ON "orders" USING btree ((shipping_lines -> 0 ->> 'methodId'),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ((billing_address ->> 'country'),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (lower((number)::text || ' ' || coalesce(billing_address ->> 'first_name', '') || ' ' || coalesce(billing_address ->> 'last_name', '') || ' ' || coalesce(billing_address ->> 'email', '') || ' ' || coalesce(billing_address ->> 'company', '')) gin_trgm_ops);--> statement-breakpoint
-- Hand-written: the status counts follow every insert, status change, delete and truncate of
-- orders. Statement-level with transition tables, so a bulk insert appends one row per status;
-- only INSERTs, so no two transactions ever wait for the same counter row.
CREATE FUNCTION order_status_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts (status, delta)
    SELECT status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_status_counts (status, delta)
    SELECT status, sum(d) FROM (
      SELECT status, 1 AS d FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
    ) changed GROUP BY status HAVING sum(d) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts (status, delta)
    SELECT status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    DELETE FROM order_status_counts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_status_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
-- Orders placed before the counts existed.
INSERT INTO order_status_counts (status, delta) SELECT status, count(*) FROM orders GROUP BY status;
