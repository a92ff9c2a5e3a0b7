CREATE TABLE "grouped_products" (
	"product_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grouped_products_product_id_child_id_pk" PRIMARY KEY("product_id","child_id"),
	CONSTRAINT "grouped_products_not_self" CHECK ("grouped_products"."product_id" <> "grouped_products"."child_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "button_text" jsonb;--> statement-breakpoint
ALTER TABLE "grouped_products" ADD CONSTRAINT "grouped_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouped_products" ADD CONSTRAINT "grouped_products_child_id_products_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grouped_products_child_idx" ON "grouped_products" USING btree ("child_id");

--> statement-breakpoint
-- Hand-written. A product is shown while published, or once the publish date of a scheduled
-- (`future`) one has come: checked at query time, so no job has to run for it to appear.
CREATE FUNCTION product_visible(status text, created_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT status = 'publish' OR (status = 'future' AND created_at <= now());
$$;
--> statement-breakpoint
-- 0006's offers with grouped products: their children's offers; with no shown child the product
-- itself, without a price.
CREATE OR REPLACE FUNCTION product_listing_offers(product integer)
RETURNS TABLE (attrs jsonb, rank integer, on_sale boolean, price integer, boundary timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT attrs, rank, on_sale, CASE WHEN on_sale THEN sale_price ELSE regular_price END, boundary
    FROM (
      SELECT o.attrs,
             CASE WHEN o.manage_stock AND o.stock_quantity IS NOT NULL
                  THEN CASE WHEN o.stock_quantity > 0 THEN 0
                            WHEN o.backorders IN ('notify', 'yes') THEN 1 ELSE 2 END
                  ELSE CASE coalesce(o.stock_status, 'instock')
                            WHEN 'instock' THEN 0 WHEN 'onbackorder' THEN 1 ELSE 2 END
             END AS rank,
             coalesce(o.sale_price < o.regular_price
                      AND coalesce(o.sale_from, '-infinity') <= now()
                      AND coalesce(o.sale_to, 'infinity') > now(), false) AS on_sale,
             o.sale_price, o.regular_price,
             CASE WHEN o.sale_price < o.regular_price
                  THEN least(CASE WHEN o.sale_from > now() THEN o.sale_from END,
                             CASE WHEN o.sale_to > now() THEN o.sale_to END) END AS boundary
        FROM (
          SELECT v.variation_attributes AS attrs,
                 coalesce(v.manage_stock, p.manage_stock) AS manage_stock,
                 coalesce(v.stock_quantity, p.stock_quantity) AS stock_quantity,
                 coalesce(v.backorders, p.backorders) AS backorders,
                 coalesce(v.stock_status, p.stock_status) AS stock_status,
                 coalesce(v.regular_price, p.regular_price) AS regular_price,
                 coalesce(v.sale_price, p.sale_price) AS sale_price,
                 coalesce(v.sale_from, p.sale_from) AS sale_from,
                 coalesce(v.sale_to, p.sale_to) AS sale_to
            FROM products p JOIN products v ON v.parent_id = p.id AND v.status = 'publish'
           WHERE p.id = product AND p.type = 'variable'
          UNION ALL
          -- A grouped product offers what its shown children offer; it has no price of its own.
          SELECT NULL, c.manage_stock, c.stock_quantity, c.backorders, c.stock_status,
                 c.regular_price, c.sale_price, c.sale_from, c.sale_to
            FROM grouped_products g JOIN products c ON c.id = g.child_id
           WHERE g.product_id = product AND c.parent_id IS NULL
             AND product_visible(c.status, c.created_at)
             AND EXISTS (SELECT 1 FROM products p WHERE p.id = product AND p.type = 'grouped')
          UNION ALL
          SELECT NULL, p.manage_stock, p.stock_quantity, p.backorders, p.stock_status,
                 CASE WHEN p.type <> 'grouped' THEN p.regular_price END,
                 CASE WHEN p.type <> 'grouped' THEN p.sale_price END, p.sale_from, p.sale_to
            FROM products p
           WHERE p.id = product
             AND (p.type NOT IN ('variable', 'grouped')
                  OR (p.type = 'variable'
                      AND NOT EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.id AND v.status = 'publish'))
                  OR (p.type = 'grouped'
                      AND NOT EXISTS (SELECT 1 FROM grouped_products g JOIN products c ON c.id = g.child_id
                                       WHERE g.product_id = p.id AND product_visible(c.status, c.created_at))))
        ) o
    ) offer
$$;
--> statement-breakpoint
-- 0015's refresh with scheduled products: shown once their date has come, and the row is due
-- for a refresh then (`price_valid_until`), like a sale that starts.
CREATE OR REPLACE FUNCTION product_listing_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_listing l
   USING unnest(ids) AS changed(id)
   WHERE l.product_id = changed.id
     AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.parent_id IS NULL);
  INSERT INTO product_listing AS l (
    product_id, published, featured, menu_order, created_at, price, prices, price_valid_until,
    stock_rank, on_sale, rating, review_count, category_ids, term_ids, term_offers, facet_offers)
  SELECT p.id, product_visible(p.status, p.created_at), p.featured, p.menu_order, p.created_at,
         os.price, os.prices,
         least(os.price_valid_until,
               CASE WHEN p.status = 'future' AND p.created_at > now() THEN p.created_at END),
         os.stock_rank, os.on_sale,
         rs.rating, rs.review_count, coalesce(cs.category_ids, '{}'),
         coalesce(ts.term_ids, '{}'), coalesce(ts.term_offers, '{}'),
         coalesce(ts.facet_offers, '{}')
    FROM (SELECT DISTINCT id FROM unnest(ids) AS c(id) WHERE id IS NOT NULL) changed
    JOIN products p ON p.id = changed.id AND p.parent_id IS NULL
   CROSS JOIN LATERAL (
     SELECT min(o.rank)::smallint AS stock_rank, coalesce(bool_or(o.on_sale), false) AS on_sale,
            min(o.price) AS price,
            coalesce(array_agg(o.price ORDER BY o.price) FILTER (WHERE o.price IS NOT NULL), '{}') AS prices,
            min(o.boundary) AS price_valid_until
       FROM product_listing_offers(p.id) o
   ) os
   -- A variation offers its own term of each attribute it is made by ('' offers every term);
   -- other attributes' terms come with every offer of the product.
   CROSS JOIN LATERAL (
     SELECT array_agg(DISTINCT t.id) AS term_ids,
            array_agg(DISTINCT t.id || ':' || o.rank) AS term_offers,
            array_agg(DISTINCT t.id || ':' || o.rank) FILTER (WHERE pa.visible) AS facet_offers
       FROM product_listing_offers(p.id) o
       JOIN product_attributes pa ON pa.product_id = p.id
       JOIN attributes a ON a.id = pa.attribute_id
       JOIN attribute_terms t ON t.id = ANY(pa.term_ids) AND t.attribute_id = pa.attribute_id
      WHERE NOT (p.type = 'variable' AND pa.used_for_variations AND o.attrs IS NOT NULL)
         OR coalesce(o.attrs ->> a.slug, '') IN ('', t.slug)
   ) ts
   CROSS JOIN LATERAL (
     WITH RECURSIVE up(id) AS (
       SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id
       UNION
       SELECT c.parent_id FROM up JOIN categories c ON c.id = up.id WHERE c.parent_id IS NOT NULL
     )
     SELECT array_agg(id ORDER BY id) AS category_ids FROM up
   ) cs
   CROSS JOIN LATERAL (
     SELECT coalesce(avg(r.rating), 0)::real AS rating, count(*)::int AS review_count
       FROM reviews r
      WHERE r.product_id = p.id AND r.status = 'approved' AND r.parent_id IS NULL
   ) rs
  ON CONFLICT (product_id) DO UPDATE
     SET published = excluded.published, featured = excluded.featured,
         menu_order = excluded.menu_order, created_at = excluded.created_at,
         price = excluded.price, prices = excluded.prices,
         price_valid_until = excluded.price_valid_until, stock_rank = excluded.stock_rank,
         on_sale = excluded.on_sale, rating = excluded.rating,
         review_count = excluded.review_count, category_ids = excluded.category_ids,
         term_ids = excluded.term_ids, term_offers = excluded.term_offers,
         facet_offers = excluded.facet_offers
   -- An unchanged row is not written, so the catalog version only grows on real changes.
   WHERE (l.*) IS DISTINCT FROM (excluded.*);
$$;
--> statement-breakpoint
-- A grouped product's listing row follows its children: their prices and stock, and the list.
CREATE FUNCTION product_listing_groups_on_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_listing_refresh(array(
    SELECT DISTINCT g.product_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN grouped_products g ON g.child_id = n.id
     WHERE product_row_changed(o, n, true)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_products_groups AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_groups_on_products();
--> statement-breakpoint
CREATE TRIGGER product_listing_grouped_insert AFTER INSERT ON grouped_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_grouped_update AFTER UPDATE ON grouped_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_grouped_delete AFTER DELETE ON grouped_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
