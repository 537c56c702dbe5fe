ALTER TABLE `alert_closures` ADD `reason` text DEFAULT 'all-clear' NOT NULL;--> statement-breakpoint
ALTER TABLE `alert_subscriptions` ADD `updates` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `updates` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `text_codes` ADD `updates` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `alerts` ADD `updates_sent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A report taken back before this migration keeps its update as sent (bit 1), so it is never sent twice.
UPDATE `alerts` SET `updates_sent` = 1 WHERE `update_sent_at` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `alerts` DROP COLUMN `update_sent_at`;--> statement-breakpoint
ALTER TABLE `alerts` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `reply_lang` text;
