CREATE TABLE `carrier_inbound_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`carrier_fax_id` text NOT NULL,
	`from_number` text,
	`to_number` text NOT NULL,
	`page_count` integer NOT NULL,
	`media_url` text,
	`media_key` text,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`handled_at` integer,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE INDEX `carrier_inbound_pending_idx` ON `carrier_inbound_events` (`handled_at`,`received_at`);