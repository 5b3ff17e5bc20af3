CREATE TABLE `installation` (
	`singleton` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `known_login_addresses` (
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`last_login_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_login_addresses_last_login_idx` ON `known_login_addresses` (`last_login_at`);--> statement-breakpoint
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
CREATE TABLE `order_status_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_status_links_token_hash_unique` ON `order_status_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `order_status_links_order_idx` ON `order_status_links` (`order_id`);--> statement-breakpoint
CREATE TABLE `payment_disputes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_dispute_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`order_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`evidence_due_by` integer,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_disputes_provider_dispute_id_unique` ON `payment_disputes` (`provider_dispute_id`);--> statement-breakpoint
CREATE INDEX `payment_disputes_order_idx` ON `payment_disputes` (`order_id`);--> statement-breakpoint
CREATE TABLE `shopper_access_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`email` text NOT NULL,
	`shopper_key_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shopper_access_codes_lookup_idx` ON `shopper_access_codes` (`shopper_key_hash`,`shop_id`,`email`);--> statement-breakpoint
CREATE TABLE `shopper_email_access` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`shopper_key_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shopper_email_access_uq` ON `shopper_email_access` (`shopper_key_hash`,`shop_id`,`email`);--> statement-breakpoint
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
ALTER TABLE `order_events` ADD `amount_cents` integer;--> statement-breakpoint
ALTER TABLE `seller_profiles` ADD `country` text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE `seller_profiles` ADD `payment_account_generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `onboarding_celebrated_at` integer;