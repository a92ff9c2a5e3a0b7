ALTER TABLE "api_keys" ADD COLUMN "create_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_create_token_idx" ON "api_keys" USING btree ("create_token");