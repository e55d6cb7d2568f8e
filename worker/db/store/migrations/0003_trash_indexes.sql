CREATE INDEX `faxes_trash_idx` ON `faxes` (`start`,`id`) WHERE "faxes"."trashed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `faxes_trashed_at_idx` ON `faxes` (`trashed_at`) WHERE "faxes"."trashed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `faxes_file_idx` ON `faxes` (`file_id`) WHERE "faxes"."file_id" IS NOT NULL;