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