-- A sandbox fax (decision 048) is kept apart from live ones: livemode = 0, never in the site's history;
-- its partial index serves the sandbox's wipe.
ALTER TABLE `faxes` ADD `livemode` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `faxes_sandbox_idx` ON `faxes` (`start`,`id`) WHERE "faxes"."livemode" = 0;--> statement-breakpoint
-- remote_numbers counts the faxes of the history, and a sandbox fax is never in it: its triggers
-- leave sandbox faxes out (no sandbox fax exists before this migration, so no count changes).
DROP TRIGGER `remote_numbers_on_insert`;--> statement-breakpoint
DROP TRIGGER `remote_numbers_on_delete`;--> statement-breakpoint
DROP TRIGGER `remote_numbers_on_update`;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_insert` AFTER INSERT ON `faxes`
WHEN NEW.`remote_number` IS NOT NULL AND NEW.`trashed_at` IS NULL AND NEW.`livemode` = 1 BEGIN
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`) VALUES (NEW.`direction`, NEW.`remote_number`, 1)
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_delete` AFTER DELETE ON `faxes`
WHEN OLD.`remote_number` IS NOT NULL AND OLD.`trashed_at` IS NULL AND OLD.`livemode` = 1 BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1 WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number`;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_update` AFTER UPDATE OF `direction`, `remote_number`, `trashed_at` ON `faxes`
WHEN NEW.`livemode` = 1 AND (OLD.`direction` IS NOT NEW.`direction` OR OLD.`remote_number` IS NOT NEW.`remote_number`
	OR (OLD.`trashed_at` IS NULL) IS NOT (NEW.`trashed_at` IS NULL)) BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1
	WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND OLD.`trashed_at` IS NULL;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`)
	SELECT NEW.`direction`, NEW.`remote_number`, 1 WHERE NEW.`remote_number` IS NOT NULL AND NEW.`trashed_at` IS NULL
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;
