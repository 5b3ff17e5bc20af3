CREATE TABLE `shop_domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_id` integer NOT NULL,
	`domain` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`verification_token` text NOT NULL,
	`problem` text,
	`is_primary` integer DEFAULT false NOT NULL,
	`last_checked_at` integer,
	`verified_at` integer,
	`check_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_domains_domain_unique` ON `shop_domains` (`domain`);--> statement-breakpoint
CREATE INDEX `shop_domains_shop_idx` ON `shop_domains` (`shop_id`);--> statement-breakpoint
CREATE INDEX `shop_domains_check_idx` ON `shop_domains` (`status`,`check_until`);