CREATE TABLE "stripe_sandbox_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "stripe_sandbox_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer" text,
	"data" jsonb NOT NULL,
	"hidden" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"advance_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_sandbox_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_sandbox_deliveries_due" ON "stripe_sandbox_deliveries" USING btree ("delivered_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "stripe_sandbox_objects_type_customer" ON "stripe_sandbox_objects" USING btree ("type","customer");--> statement-breakpoint
CREATE INDEX "stripe_sandbox_objects_advance_at" ON "stripe_sandbox_objects" USING btree ("advance_at");