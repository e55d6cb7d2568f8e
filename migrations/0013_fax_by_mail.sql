CREATE TABLE `fax_mail_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	`link_sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fax_mail_addresses_user_email_idx` ON `fax_mail_addresses` (`user_id`,`email`);--> statement-breakpoint
CREATE INDEX `fax_mail_addresses_email_idx` ON `fax_mail_addresses` (`email`);--> statement-breakpoint
CREATE TABLE `mailed_faxes` (
	`fax_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reply_to` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL,
	`end_mailed_at` integer,
	FOREIGN KEY (`fax_id`) REFERENCES `fax_owners`(`fax_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailed_faxes_user_idx` ON `mailed_faxes` (`user_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;