CREATE SEQUENCE "public"."catalog_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listing" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"published" boolean NOT NULL,
	"featured" boolean NOT NULL,
	"menu_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"price" integer,
	"prices" integer[] NOT NULL,
	"price_valid_until" timestamp with time zone,
	"stock_rank" smallint NOT NULL,
	"on_sale" boolean NOT NULL,
	"rating" real NOT NULL,
	"review_count" integer NOT NULL,
	"category_ids" integer[] NOT NULL,
	"term_ids" integer[] NOT NULL,
	"term_offers" text[] NOT NULL,
	"facet_offers" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_listing_menu_order_idx" ON "product_listing" USING btree ("menu_order","product_id") WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_price_idx" ON "product_listing" USING btree ("price","product_id") WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_price_desc_idx" ON "product_listing" USING btree ("price" DESC NULLS LAST,"product_id") WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_date_idx" ON "product_listing" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST) WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_rating_idx" ON "product_listing" USING btree ("rating" DESC NULLS LAST,"product_id") WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_popularity_idx" ON "product_listing" USING btree ("review_count" DESC NULLS LAST,"product_id") WHERE "product_listing"."published";--> statement-breakpoint
CREATE INDEX "product_listing_valid_until_idx" ON "product_listing" USING btree ("price_valid_until");--> statement-breakpoint
CREATE INDEX "product_listing_categories_idx" ON "product_listing" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_listing_terms_idx" ON "product_listing" USING gin ("term_ids");--> statement-breakpoint
CREATE INDEX "product_listing_offers_idx" ON "product_listing" USING gin ("term_offers");