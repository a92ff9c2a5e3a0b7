CREATE TABLE "cart_customers" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"calculated" boolean DEFAULT false NOT NULL,
	"chosen_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_customers_addresses_are_objects" CHECK (jsonb_typeof("cart_customers"."shipping_address") = 'object')
);
--> statement-breakpoint
CREATE TABLE "shipping_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	CONSTRAINT "shipping_classes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"method_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"delivery_time" jsonb,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rest_of_world" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_customers" ADD CONSTRAINT "cart_customers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_locations" ADD CONSTRAINT "shipping_zone_locations_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id","position");--> statement-breakpoint
CREATE INDEX "shipping_zone_locations_zone_idx" ON "shipping_zone_locations" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_rest_of_world_idx" ON "shipping_zones" USING btree ("rest_of_world") WHERE "shipping_zones"."rest_of_world";