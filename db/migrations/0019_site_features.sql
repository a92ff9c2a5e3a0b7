CREATE TABLE "customer_meta" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_meta_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_attribution" (
	"order_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "order_attribution_order_id_field_pk" PRIMARY KEY("order_id","field")
);
--> statement-breakpoint
ALTER TABLE "customer_meta" ADD CONSTRAINT "customer_meta_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attribution" ADD CONSTRAINT "order_attribution_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;