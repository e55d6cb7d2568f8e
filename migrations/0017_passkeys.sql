CREATE TABLE `passkey_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`ceremony` text NOT NULL,
	`user_id` text,
	`payload` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `passkey_challenges_expires_idx` ON `passkey_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`transports` text,
	`synced` integer DEFAULT false NOT NULL,
	`aaguid` text,
	`device` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);