CREATE TABLE "stripe_payment_details" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"charge_status" text NOT NULL,
	"method_type" text NOT NULL,
	"brand" text,
	"last4" text,
	"three_d_secure" jsonb,
	"mandate_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_payment_details" ADD CONSTRAINT "stripe_payment_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;