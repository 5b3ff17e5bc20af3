CREATE TABLE `simulated_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`business_name` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'FR' NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `simulated_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`last_error` text DEFAULT '' NOT NULL,
	`card_last4` text DEFAULT '' NOT NULL,
	`amount_refunded_cents` integer DEFAULT 0 NOT NULL,
	`idempotency_key` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_payment_intents_client_secret_unique` ON `simulated_payment_intents` (`client_secret`);--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_payment_intents_idempotency_key_unique` ON `simulated_payment_intents` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `simulated_payment_intents_account_idx` ON `simulated_payment_intents` (`account_id`);