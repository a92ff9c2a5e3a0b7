CREATE TABLE "product_import_rows" (
	"import_id" text NOT NULL,
	"run" text NOT NULL,
	"line" integer NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"params" jsonb,
	CONSTRAINT "product_import_rows_import_id_run_line_pk" PRIMARY KEY("import_id","run","line")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"zip" "bytea",
	"zip_name" text,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"update_existing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"next_batch" integer DEFAULT 0 NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"imported_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_import_rows_skipped_idx" ON "product_import_rows" USING btree ("import_id","run","line") WHERE "product_import_rows"."outcome" = 'skipped';--> statement-breakpoint
CREATE INDEX "product_imports_staff_idx" ON "product_imports" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");