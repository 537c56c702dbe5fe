ALTER TABLE `push_subscriptions` ADD `reminders_from` text;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `reminders_sent` integer DEFAULT 0 NOT NULL;