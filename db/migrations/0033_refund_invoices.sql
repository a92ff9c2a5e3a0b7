ALTER TABLE "order_refunds" ADD COLUMN "submit_token" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_submit_idx" ON "order_refunds" USING btree ("submit_token");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" USING btree ("refund_id") WHERE "invoices"."refund_id" is not null;