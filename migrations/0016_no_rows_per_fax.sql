-- D1 runs a migration in a transaction, where foreign_keys cannot be switched off: the
-- foreign keys are checked at its end instead (defer_foreign_keys), as D1's documentation says.
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
--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_mailed_faxes` (
	`fax_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reply_to` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL,
	`end_mailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_mailed_faxes`("fax_id", "user_id", "reply_to", "subject", "created_at", "end_mailed_at") SELECT "fax_id", "user_id", "reply_to", "subject", "created_at", "end_mailed_at" FROM `mailed_faxes`;--> statement-breakpoint
DROP TABLE `mailed_faxes`;--> statement-breakpoint
ALTER TABLE `__new_mailed_faxes` RENAME TO `mailed_faxes`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `mailed_faxes_user_idx` ON `mailed_faxes` (`user_id`);