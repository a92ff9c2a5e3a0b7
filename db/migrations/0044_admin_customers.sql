CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_name_sort_idx" ON "customers" USING btree (lower(last_name || ' ' || first_name),"id");--> statement-breakpoint
CREATE INDEX "customers_country_idx" ON "customers" USING btree ((billing_address ->> 'country'),"created_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(billing_address ->> 'company', '')) gin_trgm_ops);