CREATE TABLE `funnel_counts` (
	`day` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`variation` text DEFAULT '' NOT NULL,
	`step` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `source`, `campaign`, `variation`, `step`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `funnel_steps` integer DEFAULT 0 NOT NULL;