-- remote_numbers counts the faxes of each number in the history (the trash left out), so a search
-- by number alone takes its total from these rows instead of counting the faxes (decision 027).
DROP TRIGGER `remote_numbers_on_insert`;--> statement-breakpoint
DROP TRIGGER `remote_numbers_on_delete`;--> statement-breakpoint
DROP TRIGGER `remote_numbers_on_update`;--> statement-breakpoint
DELETE FROM `remote_numbers`;--> statement-breakpoint
INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`)
SELECT `direction`, `remote_number`, COUNT(*) FROM `faxes` WHERE `remote_number` IS NOT NULL AND `trashed_at` IS NULL GROUP BY `direction`, `remote_number`;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_insert` AFTER INSERT ON `faxes` WHEN NEW.`remote_number` IS NOT NULL AND NEW.`trashed_at` IS NULL BEGIN
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`) VALUES (NEW.`direction`, NEW.`remote_number`, 1)
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_delete` AFTER DELETE ON `faxes` WHEN OLD.`remote_number` IS NOT NULL AND OLD.`trashed_at` IS NULL BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1 WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number`;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_update` AFTER UPDATE OF `direction`, `remote_number`, `trashed_at` ON `faxes`
WHEN OLD.`direction` IS NOT NEW.`direction` OR OLD.`remote_number` IS NOT NEW.`remote_number`
	OR (OLD.`trashed_at` IS NULL) IS NOT (NEW.`trashed_at` IS NULL) BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1
	WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND OLD.`trashed_at` IS NULL;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`)
	SELECT NEW.`direction`, NEW.`remote_number`, 1 WHERE NEW.`remote_number` IS NOT NULL AND NEW.`trashed_at` IS NULL
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;
