CREATE TABLE `parcels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`email` text NOT NULL,
	`address_key` text NOT NULL,
	`live_id` integer,
	`first_order_at` integer NOT NULL,
	`shipped_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`live_id`) REFERENCES `lives`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `parcels_open_idx` ON `parcels` (`shop_id`,`email`,`shipped_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `parcel_id` integer REFERENCES parcels(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipped_at` integer;--> statement-breakpoint
CREATE INDEX `orders_parcel_idx` ON `orders` (`parcel_id`);--> statement-breakpoint
ALTER TABLE `shops` ADD `parcel_window_hours` integer DEFAULT 24 NOT NULL;