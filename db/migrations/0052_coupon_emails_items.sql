ALTER TABLE "coupons" ADD COLUMN "allowed_emails" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "item_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_item_limit" CHECK ("coupons"."item_limit" is null or "coupons"."item_limit" >= 1);