CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`option_key` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`sku` text,
	`price_cents` integer,
	`stock` integer,
	`reserved` integer DEFAULT 0 NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_product_option_uq` ON `product_variants` (`product_id`,`option_key`);--> statement-breakpoint
CREATE INDEX `product_variants_shop_idx` ON `product_variants` (`shop_id`);--> statement-breakpoint
CREATE TABLE `stock_holds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`order_id` integer,
	`waitlist_entry_id` integer,
	`quantity` integer NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_holds_variant_idx` ON `stock_holds` (`variant_id`,`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `stock_holds_order_idx` ON `stock_holds` (`order_id`);--> statement-breakpoint
CREATE INDEX `stock_holds_expiry_idx` ON `stock_holds` (`state`,`expires_at`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`stock_delta` integer DEFAULT 0 NOT NULL,
	`reserved_delta` integer DEFAULT 0 NOT NULL,
	`stock_after` integer,
	`order_id` integer,
	`actor_user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_movements_product_idx` ON `stock_movements` (`product_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`email` text NOT NULL,
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
CREATE UNIQUE INDEX `waitlist_entries_variant_email_uq` ON `waitlist_entries` (`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_queue_idx` ON `waitlist_entries` (`variant_id`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_product_idx` ON `waitlist_entries` (`product_id`,`state`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_id` integer REFERENCES product_variants(id);--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `order_items_variant_idx` ON `order_items` (`variant_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `reserved_until` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_refunded_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `stock_labels` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `shops` ADD `low_stock_threshold` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `shops` ADD `hold_minutes` integer DEFAULT 10 NOT NULL;
--> statement-breakpoint

-- Every product gets its one variant without options: stock, holds and order lines name a variant.

INSERT INTO `product_variants` (`product_id`, `shop_id`, `options`, `option_key`, `position`, `reserved`, `created_at`, `updated_at`) SELECT `id`, `shop_id`, '{}', '', 0, 0, `created_at`, `updated_at` FROM `products`;

--> statement-breakpoint

UPDATE `order_items` SET `variant_id` = (SELECT `v`.`id` FROM `product_variants` `v` WHERE `v`.`product_id` = `order_items`.`product_id`) WHERE `product_id` IS NOT NULL;
