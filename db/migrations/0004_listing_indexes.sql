CREATE INDEX "product_attributes_attribute_idx" ON "product_attributes" USING btree ("attribute_id","product_id");--> statement-breakpoint
CREATE INDEX "product_attributes_terms_idx" ON "product_attributes" USING gin ("term_ids");--> statement-breakpoint
CREATE INDEX "products_date_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "reviews_approved_rating_idx" ON "reviews" USING btree ("product_id","rating") WHERE "reviews"."status" = 'approved';