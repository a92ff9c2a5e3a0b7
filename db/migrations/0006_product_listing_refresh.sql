-- What a shopper can buy of one product: each published variation of a variable product (empty
-- columns falling back to the parent's), else the product itself; with its stock rank (0 in
-- stock, 1 on backorder, 2 out of stock), whether a sale applies now, the price of now and the
-- next moment a sale starts or ends. The SQL twins of effectiveStockStatus and activePrice
-- (catalog.rules.ts, pricing/price.rules.ts).
CREATE FUNCTION product_listing_offers(product integer)
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
          SELECT NULL, p.manage_stock, p.stock_quantity, p.backorders, p.stock_status,
                 p.regular_price, p.sale_price, p.sale_from, p.sale_to
            FROM products p
           WHERE p.id = product
             AND (p.type <> 'variable'
                  OR NOT EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.id AND v.status = 'publish'))
        ) o
    ) offer
$$;
--> statement-breakpoint
-- Rebuilds the listing rows of the given top-level products. Everything is read per product
-- through LATERAL subqueries on indexes, so one product costs the same in a bulk import of
-- 100 k rows as alone.
CREATE FUNCTION product_listing_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
       FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved'
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
-- Statement-level triggers with transition tables: a bulk import refreshes each product once.
CREATE FUNCTION product_listing_on_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_listing_refresh(array(SELECT DISTINCT coalesce(parent_id, id) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_listing_refresh(array(
      SELECT coalesce(parent_id, id) FROM new_rows UNION SELECT coalesce(parent_id, id) FROM old_rows));
  ELSE
    PERFORM product_listing_refresh(array(SELECT DISTINCT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_products();
--> statement-breakpoint
CREATE TRIGGER product_listing_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_products();
--> statement-breakpoint
CREATE TRIGGER product_listing_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_products();
--> statement-breakpoint
-- Categories, attributes and reviews of a product (each has a product_id column).
CREATE FUNCTION product_listing_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_listing_refresh(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_listing_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM product_listing_refresh(array(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_categories_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_categories_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_categories_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_attributes_insert AFTER INSERT ON product_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_attributes_update AFTER UPDATE ON product_attributes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_attributes_delete AFTER DELETE ON product_attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_reviews_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_reviews_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
CREATE TRIGGER product_listing_reviews_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_on_links();
--> statement-breakpoint
-- A category moved under another parent, or an attribute or term whose slug variations name.
CREATE FUNCTION product_listing_on_structure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
      PERFORM product_listing_refresh(array(
        SELECT product_id FROM product_listing WHERE category_ids && array[NEW.id]));
    END IF;
  ELSIF NEW.slug IS DISTINCT FROM OLD.slug THEN
    IF TG_TABLE_NAME = 'attributes' THEN
      PERFORM product_listing_refresh(array(
        SELECT product_id FROM product_attributes WHERE attribute_id = NEW.id));
    ELSE
      PERFORM product_listing_refresh(array(
        SELECT product_id FROM product_attributes WHERE NEW.id = ANY(term_ids)));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_listing_category_parents AFTER UPDATE OF parent_id ON categories
  FOR EACH ROW EXECUTE FUNCTION product_listing_on_structure();
--> statement-breakpoint
CREATE TRIGGER product_listing_attribute_slugs AFTER UPDATE OF slug ON attributes
  FOR EACH ROW EXECUTE FUNCTION product_listing_on_structure();
--> statement-breakpoint
CREATE TRIGGER product_listing_term_slugs AFTER UPDATE OF slug ON attribute_terms
  FOR EACH ROW EXECUTE FUNCTION product_listing_on_structure();
--> statement-breakpoint
-- Cached listing counts are keyed by the catalog version. It grows when a transaction that
-- changed a listing row, an attribute or a term commits (deferred to the commit, so a count
-- read under the new version already sees the change).
CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_version_listing AFTER INSERT OR UPDATE OR DELETE ON product_listing
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_version_attributes AFTER INSERT OR UPDATE OR DELETE ON attributes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_version_terms AFTER INSERT OR UPDATE OR DELETE ON attribute_terms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
-- Products that existed before the listing rows did.
SELECT product_listing_refresh(array(SELECT id FROM products WHERE parent_id IS NULL));
