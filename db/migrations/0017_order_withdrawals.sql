CREATE TABLE "order_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"customer_id" integer,
	"name" text NOT NULL,
	"order_number" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"client_hash" text NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_withdrawals_client_idx" ON "order_withdrawals" USING btree ("client_hash","declared_at");--> statement-breakpoint
CREATE INDEX "order_withdrawals_order_idx" ON "order_withdrawals" USING btree ("order_id");