CREATE TABLE `mailed_faxes` (
	`fax_id` text PRIMARY KEY NOT NULL,
	`reply_to` text NOT NULL,
	`subject` text NOT NULL,
	`created` integer NOT NULL,
	`end_mailed_at` integer,
	FOREIGN KEY (`fax_id`) REFERENCES `faxes`(`id`) ON UPDATE no action ON DELETE cascade
);
