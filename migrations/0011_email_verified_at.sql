ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Accounts with a Google sign-in had their e-mail vouched for by Google when it was linked.
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `google_subject` IS NOT NULL;
