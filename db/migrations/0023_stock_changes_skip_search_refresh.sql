-- Every sale lowers a product's stock_quantity inside the order's transaction. Such an UPDATE
-- leaves the product's search row as it is, and its listing row too unless the product goes
-- in or out of stock, so the two refreshes (0003, 0006) now skip rows changed only in
-- stock_quantity and updated_at. INSERT and DELETE stay as they were.
CREATE FUNCTION product_row_changed(o products, n products, stock_rank_matters boolean)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (to_jsonb(n) - 'stock_quantity' - 'updated_at')
           IS DISTINCT FROM (to_jsonb(o) - 'stock_quantity' - 'updated_at')
      OR (stock_rank_matters AND (n.stock_quantity > 0) IS DISTINCT FROM (o.stock_quantity > 0));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_on_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_search_refresh(array(SELECT DISTINCT coalesce(parent_id, id) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_search_refresh(array(
      SELECT DISTINCT unnest(array[coalesce(n.parent_id, n.id), coalesce(o.parent_id, o.id)])
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE product_row_changed(o, n, false)));
  ELSE
    PERFORM product_search_refresh(array(SELECT DISTINCT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_on_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_listing_refresh(array(SELECT DISTINCT coalesce(parent_id, id) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_listing_refresh(array(
      SELECT DISTINCT unnest(array[coalesce(n.parent_id, n.id), coalesce(o.parent_id, o.id)])
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE product_row_changed(o, n, true)));
  ELSE
    PERFORM product_listing_refresh(array(SELECT DISTINCT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
