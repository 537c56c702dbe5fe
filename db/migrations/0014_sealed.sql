ALTER TABLE `alert_subscriptions` ADD `phone_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_phone_hash_unique` ON `alert_subscriptions` (`phone_hash`);