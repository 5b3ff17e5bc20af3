ALTER TABLE "order_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_failed_at" timestamp with time zone;