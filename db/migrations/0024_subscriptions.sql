CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"parent_order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"currency" text NOT NULL,
	"terms" jsonb NOT NULL,
	"manual_renewal" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"trial_end_at" timestamp with time zone,
	"next_payment_at" timestamp with time zone,
	"anchor_day" integer NOT NULL,
	"renewal_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"renewal_claimed_at" timestamp with time zone,
	"payment_method" text DEFAULT '' NOT NULL,
	"payment_method_title" text DEFAULT '' NOT NULL,
	"stripe_customer_id" text,
	"stripe_payment_method_id" text,
	"end_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "setup_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_sequence" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_parent_order_id_orders_id_fk" FOREIGN KEY ("parent_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_parent_line_idx" ON "subscriptions" USING btree ("parent_order_id","product_id","variation_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_payment_at") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal_idx" ON "orders" USING btree ("subscription_id","renewal_sequence");