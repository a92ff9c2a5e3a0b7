CREATE TABLE "express_quotes" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "express_quotes" ADD CONSTRAINT "express_quotes_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;