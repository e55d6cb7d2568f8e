CREATE TABLE `api_calls` (
	`key_id` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key_id`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `api_calls_window_idx` ON `api_calls` (`window_start`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`created` integer NOT NULL,
	`status` integer,
	`content_type` text,
	`body` text
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created`);