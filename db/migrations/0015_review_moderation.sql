ALTER TABLE "reviews" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "by_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sender_key" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "session_key" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_parent_id_reviews_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_parent_idx" ON "reviews" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_sender_idx" ON "reviews" USING btree ("sender_key","created_at");--> statement-breakpoint
CREATE INDEX "reviews_session_idx" ON "reviews" USING btree ("session_key","created_at");
--> statement-breakpoint
-- Hand-written: replies (the shop's answers, say) are no reviews, so the listing's rating and
-- review count take approved top-level reviews only. The function is 0006's with that one
-- condition added; the triggers on reviews stay as they are.
CREATE OR REPLACE FUNCTION product_listing_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_listing l
   USING unnest(ids) AS changed(id)
   WHERE l.product_id = changed.id
     AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.parent_id IS NULL);
  INSERT INTO product_listing AS l (
    product_id, published, featured, menu_order, created_at, price, prices, price_valid_until,
    stock_rank, on_sale, rating, review_count, category_ids, term_ids, term_offers, facet_offers)
  SELECT p.id, p.status = 'publish', p.featured, p.menu_order, p.created_at,
         os.price, os.prices, os.price_valid_until, os.stock_rank, os.on_sale,
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
