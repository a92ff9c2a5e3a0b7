CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price" integer NOT NULL,
	"reduced" boolean NOT NULL,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","valid_from");--> statement-breakpoint
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
