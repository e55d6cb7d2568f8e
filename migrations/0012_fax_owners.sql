CREATE TABLE `carrier_fax_ids` (
	`carrier_fax_id` text PRIMARY KEY NOT NULL,
	`fax_id` text NOT NULL,
	`attempt` integer NOT NULL,
	FOREIGN KEY (`fax_id`) REFERENCES `fax_owners`(`fax_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fax_owners` (
	`fax_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `credit_period` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The faxes already in D1 keep finding their owner once their history is in the user's store.
INSERT OR IGNORE INTO `fax_owners` (`fax_id`, `user_id`) SELECT `id`, `user_id` FROM `faxes` WHERE `direction` = 'SEND';
--> statement-breakpoint
INSERT OR IGNORE INTO `carrier_fax_ids` (`carrier_fax_id`, `fax_id`, `attempt`)
  SELECT a.`carrier_fax_id`, a.`fax_id`, a.`attempt` FROM `fax_attempts` a JOIN `fax_owners` o ON o.`fax_id` = a.`fax_id`
  WHERE a.`carrier_fax_id` IS NOT NULL;
