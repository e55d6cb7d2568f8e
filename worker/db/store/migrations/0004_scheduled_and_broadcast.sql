ALTER TABLE `faxes` ADD `send_at` integer;--> statement-breakpoint
ALTER TABLE `faxes` ADD `broadcast_id` text;--> statement-breakpoint
CREATE INDEX `faxes_send_at_idx` ON `faxes` (`send_at`) WHERE "faxes"."send_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `faxes_broadcast_idx` ON `faxes` (`broadcast_id`,`remote_number`) WHERE "faxes"."broadcast_id" IS NOT NULL;