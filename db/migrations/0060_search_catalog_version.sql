-- Search answers are kept per catalog version (like the listing counts), so the version also
-- grows when a search row or a category changes: a renamed product, a new SKU, a moved or
-- renamed category. A refresh now writes only the search rows whose content changed, so an
-- edit that leaves the searchable text alone (a price, a description) moves no version.
CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
     SET document = excluded.document, title = excluded.title, codes = excluded.codes
   WHERE (product_search.document, product_search.title, product_search.codes)
         IS DISTINCT FROM (excluded.document, excluded.title, excluded.codes);
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_version_search AFTER INSERT OR UPDATE OR DELETE ON product_search
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_version_categories AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
