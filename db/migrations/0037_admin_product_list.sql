CREATE INDEX "products_admin_name_de_idx" ON "products" USING btree (lower(coalesce("name" ->> 'de', '')),"id") WHERE "products"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "products_admin_name_en_idx" ON "products" USING btree (lower(coalesce("name" ->> 'en', '')),"id") WHERE "products"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "products_admin_sku_idx" ON "products" USING btree (coalesce("sku", ''),"id") WHERE "products"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "product_listing_admin_price_idx" ON "product_listing" USING btree (coalesce("price", 0),"product_id");
