CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`live_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`live_id`) REFERENCES `lives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_events_created_idx` ON `live_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `lives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`platform` text NOT NULL,
	`scheduled_at` integer,
	`ended_at` integer,
	`pinned_product_id` integer,
	`visits` integer DEFAULT 0 NOT NULL,
	`reminder_delay_minutes` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pinned_product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lives_shop_code_uq` ON `lives` (`shop_id`,`code`);--> statement-breakpoint
CREATE INDEX `lives_shop_created_idx` ON `lives` (`shop_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `live_id` integer REFERENCES lives(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `orders` ADD `reminder_sent_at` integer;--> statement-breakpoint
CREATE INDEX `orders_live_idx` ON `orders` (`live_id`,`created_at`);