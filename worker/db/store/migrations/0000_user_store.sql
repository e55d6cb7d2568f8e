CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`move` text NOT NULL,
	`fax_id` text,
	`default_delta` integer NOT NULL,
	`paid_delta` integer NOT NULL,
	`default_after` integer NOT NULL,
	`paid_after` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_ledger_fax_idx` ON `credit_ledger` (`fax_id`);--> statement-breakpoint
CREATE TABLE `credits` (
	`kind` text PRIMARY KEY NOT NULL,
	`default_credits` integer DEFAULT 0 NOT NULL,
	`paid_credits` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credits_not_negative" CHECK("credits"."default_credits" >= 0 AND "credits"."paid_credits" >= 0)
);
--> statement-breakpoint
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
CREATE TABLE `fax_counters` (
	`direction` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	`trashed` integer DEFAULT 0 NOT NULL,
	`lifetime` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE `faxes` (
	`id` text PRIMARY KEY NOT NULL,
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
	`partial` integer DEFAULT false NOT NULL,
	`uncovered_pages` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faxes_list_idx` ON `faxes` (`direction`,`trashed_at`,`start`,`id`);