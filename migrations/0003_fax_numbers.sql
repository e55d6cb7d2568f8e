CREATE TABLE `fax_numbers` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`area_code` text NOT NULL,
	`city` text NOT NULL,
	`region` text NOT NULL,
	`state` text NOT NULL,
	`holder_key` text,
	`hold_expires_at` integer,
	`owner_user_id` text,
	`assigned_at` integer,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fax_numbers_number_unique` ON `fax_numbers` (`number`);--> statement-breakpoint
CREATE INDEX `fax_numbers_search_idx` ON `fax_numbers` (`state`,`area_code`);--> statement-breakpoint
CREATE INDEX `fax_numbers_holder_idx` ON `fax_numbers` (`holder_key`);