CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`transaction_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_refund_id` text,
	`failure_message` text DEFAULT '' NOT NULL,
	`actor_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_refunds_order_idx` ON `order_refunds` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `order_refunds_shop_idx` ON `order_refunds` (`shop_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `simulated_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`application_fee_refunded_cents` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_refunds_idempotency_key_unique` ON `simulated_refunds` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `order_events` ADD `amount_cents` integer;