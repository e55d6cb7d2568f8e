CREATE TABLE `fax_ledger_batches` (
	`user_id` text PRIMARY KEY NOT NULL,
	`batch` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fax_ledger_periods` (
	`period` text NOT NULL,
	`direction` text NOT NULL,
	`status` text NOT NULL,
	`faxes` integer NOT NULL,
	`pages` integer NOT NULL,
	`charged` integer NOT NULL,
	`refunded` integer NOT NULL,
	PRIMARY KEY(`period`, `direction`, `status`)
);
