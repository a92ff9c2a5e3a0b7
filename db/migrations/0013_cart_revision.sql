ALTER TABLE "carts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change to a cart's lines, coupons or customer moves the cart's revision, in the
-- changing transaction, whichever code path or instance makes it.
CREATE FUNCTION cart_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE carts SET revision = revision + 1 WHERE id = OLD.cart_id;
  ELSE
    UPDATE carts SET revision = revision + 1 WHERE id = NEW.cart_id;
    IF TG_OP = 'UPDATE' AND OLD.cart_id <> NEW.cart_id THEN
      UPDATE carts SET revision = revision + 1 WHERE id = OLD.cart_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cart_items_revision AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION cart_revision_bump();
--> statement-breakpoint
CREATE TRIGGER cart_coupons_revision AFTER INSERT OR UPDATE OR DELETE ON cart_coupons
  FOR EACH ROW EXECUTE FUNCTION cart_revision_bump();
--> statement-breakpoint
CREATE TRIGGER cart_customers_revision AFTER INSERT OR UPDATE OR DELETE ON cart_customers
  FOR EACH ROW EXECUTE FUNCTION cart_revision_bump();
--> statement-breakpoint
-- A cart that changes hands (a login, a currency) is another cart to whoever kept it.
CREATE FUNCTION cart_owner_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER carts_owner_revision BEFORE UPDATE ON carts
  FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.session_id_hash IS DISTINCT FROM NEW.session_id_hash
    OR OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION cart_owner_revision_bump();
