CREATE TABLE `fax_attempts` (
	`fax_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`carrier` text NOT NULL,
	`carrier_fax_id` text,
	`status` text NOT NULL,
	`pages_sent` integer DEFAULT 0 NOT NULL,
	`failure_reason` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	PRIMARY KEY(`fax_id`, `attempt`),
	FOREIGN KEY (`fax_id`) REFERENCES `faxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fax_attempts_carrier_fax_id_unique` ON `fax_attempts` (`carrier_fax_id`);--> statement-breakpoint
CREATE TABLE `fax_events` (
	`id` text PRIMARY KEY NOT NULL,
	`fax_id` text NOT NULL,
	`at` integer NOT NULL,
	`attempt` integer NOT NULL,
	`kind` text NOT NULL,
	`pages_sent` integer,
	`reason` text,
	FOREIGN KEY (`fax_id`) REFERENCES `faxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fax_events_fax_idx` ON `fax_events` (`fax_id`,`at`);--> statement-breakpoint
CREATE TABLE `fax_ledger` (
	`fax_id` text PRIMARY KEY NOT NULL,
	`direction` text NOT NULL,
	`page_count` integer NOT NULL,
	`charged` integer NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE TABLE `faxes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`direction` text NOT NULL,
	`status` text NOT NULL,
	`remote_number` text,
	`local_number` text,
	`page_count` integer NOT NULL,
	`pages_sent` integer DEFAULT 0 NOT NULL,
	`file_id` text,
	`file_name` text,
	`document_key` text,
	`cover_page` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`attempt` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`failure_reason` text,
	`charged_default` integer DEFAULT 0 NOT NULL,
	`charged_paid` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`start` integer NOT NULL,
	`updated` integer NOT NULL,
	`completed` integer,
	`read` integer DEFAULT false NOT NULL,
	`trashed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faxes_list_idx` ON `faxes` (`user_id`,`direction`,`trashed_at`,`start`,`id`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`md5_hash` text NOT NULL,
	`page_count` integer NOT NULL,
	`cache_control` text,
	`content_disposition` text,
	`content_encoding` text,
	`content_language` text,
	`custom_metadata` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_r2_key_unique` ON `files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `files_user_idx` ON `files` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`received` integer DEFAULT 0 NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`state` text NOT NULL,
	`file_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `lifetime_send_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `lifetime_receive_count` integer DEFAULT 0 NOT NULL;