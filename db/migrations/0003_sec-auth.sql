CREATE TABLE `known_login_addresses` (
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`last_login_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_login_addresses_last_login_idx` ON `known_login_addresses` (`last_login_at`);