ALTER TABLE `carrier_inbound_events` ADD `fax_id` text;--> statement-breakpoint
ALTER TABLE `carrier_inbound_events` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `faxes` ADD `partial` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `faxes` ADD `uncovered_pages` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `faxes_unread_idx` ON `faxes` (`user_id`,`direction`,`read`,`trashed_at`);