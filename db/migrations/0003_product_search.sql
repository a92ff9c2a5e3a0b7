CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"title" text NOT NULL,
	"codes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "product_search_title_trgm_idx" ON "product_search" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_codes_idx" ON "product_search" USING gin ("codes");--> statement-breakpoint
-- Category, attribute and term names of one product, in both languages.
CREATE FUNCTION product_search_labels(product integer) RETURNS TABLE (de text, en text)
LANGUAGE sql STABLE AS $$
  SELECT c.name ->> 'de', c.name ->> 'en'
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
   WHERE pc.product_id = product
  UNION ALL
  SELECT a.name ->> 'de', a.name ->> 'en'
    FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
   WHERE pa.product_id = product
  UNION ALL
  SELECT t.name ->> 'de', t.name ->> 'en'
    FROM product_attributes pa JOIN attribute_terms t ON t.id = ANY(pa.term_ids)
   WHERE pa.product_id = product
$$;
--> statement-breakpoint
-- Rebuilds the search rows of the given top-level products (joined through unnest, so a bulk
-- import of 100 k rows stays linear): names, codes (also of the
-- variations), category names, attribute and term names, short descriptions.
CREATE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_search s
   USING unnest(ids) AS changed(id)
   WHERE s.product_id = changed.id
     AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = s.product_id AND p.parent_id IS NULL);
  INSERT INTO product_search (product_id, document, title, codes)
  SELECT p.id,
         setweight(to_tsvector('german', coalesce(p.name ->> 'de', '')), 'A')
      || setweight(to_tsvector('english', coalesce(p.name ->> 'en', '')), 'A')
      || setweight(to_tsvector('simple', array_to_string(x.codes, ' ')), 'A')
      || setweight(to_tsvector('german', x.labels_de), 'B')
      || setweight(to_tsvector('english', x.labels_en), 'B')
      || setweight(to_tsvector('german', coalesce(p.short_description ->> 'de', '')), 'C')
      || setweight(to_tsvector('english', coalesce(p.short_description ->> 'en', '')), 'C'),
         lower(concat_ws(' ', p.name ->> 'de', p.name ->> 'en', array_to_string(x.codes, ' '),
                         x.labels_de, x.labels_en)),
         x.codes
    FROM (SELECT DISTINCT id FROM unnest(ids) AS changed(id)) changed
    JOIN products p ON p.id = changed.id
   CROSS JOIN LATERAL (
     SELECT coalesce((SELECT array_agg(DISTINCT lower(c.code))
                        FROM (SELECT p.sku, p.gtin
                              UNION ALL
                              SELECT v.sku, v.gtin FROM products v WHERE v.parent_id = p.id) own(sku, gtin)
                       CROSS JOIN LATERAL (VALUES (own.sku), (own.gtin)) c(code)
                       WHERE c.code <> ''), '{}') AS codes,
            coalesce((SELECT string_agg(l.de, ' ') FROM product_search_labels(p.id) l), '') AS labels_de,
            coalesce((SELECT string_agg(l.en, ' ') FROM product_search_labels(p.id) l), '') AS labels_en
   ) x
   WHERE p.parent_id IS NULL
  ON CONFLICT (product_id) DO UPDATE
     SET document = excluded.document, title = excluded.title, codes = excluded.codes;
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk import refreshes each product once.
CREATE FUNCTION product_search_on_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_search_refresh(array(SELECT DISTINCT coalesce(parent_id, id) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_search_refresh(array(
      SELECT coalesce(parent_id, id) FROM new_rows UNION SELECT coalesce(parent_id, id) FROM old_rows));
  ELSE
    PERFORM product_search_refresh(array(SELECT DISTINCT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_products();
--> statement-breakpoint
CREATE TRIGGER product_search_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_products();
--> statement-breakpoint
CREATE TRIGGER product_search_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_products();
--> statement-breakpoint
-- Links of products to categories and attributes (both have a product_id column).
CREATE FUNCTION product_search_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_search_refresh(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_search_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM product_search_refresh(array(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_categories_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_insert AFTER INSERT ON product_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_update AFTER UPDATE ON product_attributes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_delete AFTER DELETE ON product_attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_links();
--> statement-breakpoint
-- Renamed categories, attributes and terms: the products that carry them.
CREATE FUNCTION product_search_on_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    IF TG_TABLE_NAME = 'categories' THEN
      PERFORM product_search_refresh(array(
        SELECT product_id FROM product_categories WHERE category_id = NEW.id));
    ELSIF TG_TABLE_NAME = 'attributes' THEN
      PERFORM product_search_refresh(array(
        SELECT product_id FROM product_attributes WHERE attribute_id = NEW.id));
    ELSE
      PERFORM product_search_refresh(array(
        SELECT product_id FROM product_attributes WHERE NEW.id = ANY(term_ids)));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_category_names AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION product_search_on_names();
--> statement-breakpoint
CREATE TRIGGER product_search_attribute_names AFTER UPDATE OF name ON attributes
  FOR EACH ROW EXECUTE FUNCTION product_search_on_names();
--> statement-breakpoint
CREATE TRIGGER product_search_term_names AFTER UPDATE OF name ON attribute_terms
  FOR EACH ROW EXECUTE FUNCTION product_search_on_names();
--> statement-breakpoint
-- Products that existed before search did.
SELECT product_search_refresh(array(SELECT id FROM products WHERE parent_id IS NULL));
