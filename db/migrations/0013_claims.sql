CREATE TABLE `claim_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`live_id` integer NOT NULL,
	`handle` text NOT NULL,
	`name` text,
	`platform` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`live_id`) REFERENCES `lives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_links_token_unique` ON `claim_links` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `claim_links_live_handle_uq` ON `claim_links` (`live_id`,`handle`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`live_id` integer NOT NULL,
	`link_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`held_until` integer,
	`order_id` integer,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`live_id`) REFERENCES `lives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `claim_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `claims_live_idx` ON `claims` (`live_id`,`id`);--> statement-breakpoint
CREATE INDEX `claims_link_idx` ON `claims` (`link_id`,`id`);--> statement-breakpoint
CREATE INDEX `claims_variant_status_idx` ON `claims` (`variant_id`,`status`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`email` text,
	`claim_id` integer,
	`language` text DEFAULT 'en' NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`offer_token_hash` text,
	`offer_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_waitlist_entries`("id", "shop_id", "product_id", "variant_id", "email", "language", "state", "offer_token_hash", "offer_expires_at", "created_at", "updated_at") SELECT "id", "shop_id", "product_id", "variant_id", "email", "language", "state", "offer_token_hash", "offer_expires_at", "created_at", "updated_at" FROM `waitlist_entries`;--> statement-breakpoint
DROP TABLE `waitlist_entries`;--> statement-breakpoint
ALTER TABLE `__new_waitlist_entries` RENAME TO `waitlist_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_variant_email_uq` ON `waitlist_entries` (`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_queue_idx` ON `waitlist_entries` (`variant_id`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_product_idx` ON `waitlist_entries` (`product_id`,`state`);--> statement-breakpoint
ALTER TABLE `lives` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `lives` ADD `chat_channel` text;--> statement-breakpoint
ALTER TABLE `lives` ADD `chat_reader` text;--> statement-breakpoint
ALTER TABLE `lives` ADD `chat_reader_until` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_shop_code_uq` ON `products` (`shop_id`,`code`);--> statement-breakpoint
ALTER TABLE `shops` ADD `claim_words` text;--> statement-breakpoint
ALTER TABLE `shops` ADD `claim_cap_per_product` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_holds` ADD `claim_id` integer;--> statement-breakpoint
CREATE INDEX `stock_holds_claim_idx` ON `stock_holds` (`claim_id`);