-- The words of search rows as they are written: letters and digits, 3 to 40 characters. Words
-- are only added; one no product carries any more leads to a search that finds nothing.
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM new_rows, regexp_split_to_table(new_rows.title, '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON product_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON product_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w
  FROM product_search, regexp_split_to_table(product_search.title, '[^[:alnum:]]+') AS w
 WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
