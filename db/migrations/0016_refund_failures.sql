ALTER TABLE `order_refunds` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `provider_failed_at` integer;