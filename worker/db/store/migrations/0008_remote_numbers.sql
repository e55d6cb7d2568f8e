CREATE TABLE `remote_numbers` (
	`direction` text NOT NULL,
	`number` text NOT NULL,
	`faxes` integer NOT NULL,
	PRIMARY KEY(`direction`, `number`)
);
--> statement-breakpoint
INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`)
SELECT `direction`, `remote_number`, COUNT(*) FROM `faxes` WHERE `remote_number` IS NOT NULL GROUP BY `direction`, `remote_number`;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_insert` AFTER INSERT ON `faxes` WHEN NEW.`remote_number` IS NOT NULL BEGIN
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`) VALUES (NEW.`direction`, NEW.`remote_number`, 1)
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_delete` AFTER DELETE ON `faxes` WHEN OLD.`remote_number` IS NOT NULL BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1 WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number`;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `remote_numbers_on_update` AFTER UPDATE OF `direction`, `remote_number` ON `faxes`
WHEN OLD.`direction` IS NOT NEW.`direction` OR OLD.`remote_number` IS NOT NEW.`remote_number` BEGIN
	UPDATE `remote_numbers` SET `faxes` = `faxes` - 1 WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number`;
	DELETE FROM `remote_numbers` WHERE `direction` = OLD.`direction` AND `number` = OLD.`remote_number` AND `faxes` <= 0;
	INSERT INTO `remote_numbers` (`direction`, `number`, `faxes`) SELECT NEW.`direction`, NEW.`remote_number`, 1 WHERE NEW.`remote_number` IS NOT NULL
	ON CONFLICT (`direction`, `number`) DO UPDATE SET `faxes` = `faxes` + 1;
END;
