CREATE TABLE "order_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"customer_id" integer,
	"name" text NOT NULL,
	"order_number" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"client_hash" text NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price" integer NOT NULL,
	"reduced" boolean NOT NULL,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "legal_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_withdrawals_client_idx" ON "order_withdrawals" USING btree ("client_hash","declared_at");--> statement-breakpoint
CREATE INDEX "order_withdrawals_order_idx" ON "order_withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_versions_slug_version_idx" ON "legal_versions" USING btree ("slug","version");--> statement-breakpoint
-- Products that exist already start their history with the price they sell at now
-- (a variation's empty price columns inherit its parent's, as the shop reads them).
INSERT INTO "price_history" ("product_id", "price", "reduced", "valid_from")
SELECT "id", CASE WHEN "on_sale" THEN "sale" ELSE "regular" END, "on_sale", now()
FROM (
  SELECT p."id",
    coalesce(p."regular_price", q."regular_price") AS "regular",
    coalesce(p."sale_price", q."sale_price") AS "sale",
    coalesce(
      coalesce(p."sale_price", q."sale_price") < coalesce(p."regular_price", q."regular_price")
        AND coalesce(coalesce(p."sale_from", q."sale_from") <= now(), true)
        AND coalesce(coalesce(p."sale_to", q."sale_to") > now(), true),
      false) AS "on_sale"
  FROM "products" p LEFT JOIN "products" q ON q."id" = p."parent_id"
  WHERE p."type" <> 'variable'
) s
WHERE "regular" IS NOT NULL;
