CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"variation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"total" integer NOT NULL,
	"tax" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"stock_product_id" integer,
	"delivery_time" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"for_customer" boolean DEFAULT false NOT NULL,
	"code" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"order_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" integer,
	"session_id_hash" text,
	"locale" text DEFAULT 'de' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"customer_note" text DEFAULT '' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_method_title" text NOT NULL,
	"currency" text NOT NULL,
	"items_total" integer NOT NULL,
	"items_tax" integer NOT NULL,
	"discount_total" integer DEFAULT 0 NOT NULL,
	"discount_tax" integer DEFAULT 0 NOT NULL,
	"shipping_total" integer DEFAULT 0 NOT NULL,
	"shipping_tax" integer DEFAULT 0 NOT NULL,
	"deposit_total" integer DEFAULT 0 NOT NULL,
	"deposit_tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"total_tax" integer NOT NULL,
	"tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consent" jsonb NOT NULL,
	"pickup_point" jsonb,
	"idempotency_key" text,
	"stock_reduced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_total" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "digital" boolean;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_key_idx" ON "orders" USING btree ("order_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';