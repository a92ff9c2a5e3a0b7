CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"resource_id" integer,
	"request_headers" text DEFAULT '' NOT NULL,
	"request_body" text DEFAULT '' NOT NULL,
	"response_code" integer,
	"response_body" text DEFAULT '' NOT NULL,
	"error" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"topic" text NOT NULL,
	"delivery_url" text NOT NULL,
	"secret" text NOT NULL,
	"api_version" text DEFAULT 'wp_api_v3' NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_topic_idx" ON "webhooks" USING btree ("topic") WHERE "webhooks"."status" = 'active';