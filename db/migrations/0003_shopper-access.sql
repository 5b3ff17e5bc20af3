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
CREATE UNIQUE INDEX `shopper_email_access_uq` ON `shopper_email_access` (`shopper_key_hash`,`shop_id`,`email`);