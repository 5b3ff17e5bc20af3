CREATE TABLE `bag_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bag_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`bag_id`) REFERENCES `bags`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bag_lines_bag_variant_uq` ON `bag_lines` (`bag_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `bag_lines_variant_idx` ON `bag_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `bags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`shopper_key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bags_shop_shopper_uq` ON `bags` (`shop_id`,`shopper_key_hash`);--> statement-breakpoint
CREATE INDEX `bags_updated_idx` ON `bags` (`updated_at`);