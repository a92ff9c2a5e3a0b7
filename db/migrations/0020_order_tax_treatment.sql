ALTER TABLE "orders" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text DEFAULT 'DE' NOT NULL;