CREATE TABLE `shipping_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`zone_id` integer,
	`name` text DEFAULT '' NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`free_from_cents` integer,
	`delivery` text DEFAULT '' NOT NULL,
	`pickup_address` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`zone_id`) REFERENCES `shipping_zones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipping_rates_shop_idx` ON `shipping_rates` (`shop_id`,`position`);--> statement-breakpoint
CREATE INDEX `shipping_rates_zone_idx` ON `shipping_rates` (`zone_id`);--> statement-breakpoint
CREATE TABLE `shipping_zones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`name` text NOT NULL,
	`countries` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipping_zones_shop_idx` ON `shipping_zones` (`shop_id`,`position`);--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_amount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_rate_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_method` text;--> statement-breakpoint
ALTER TABLE `shops` ADD `country` text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE `shops` ADD `charges_shipping` integer DEFAULT false NOT NULL;