CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`fax_number` text NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`sort_key` text NOT NULL,
	`search_text` text NOT NULL,
	`created` integer NOT NULL,
	`updated` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_fax_number_unique` ON `contacts` (`fax_number`);--> statement-breakpoint
CREATE INDEX `contacts_sort_idx` ON `contacts` (`sort_key`,`id`);