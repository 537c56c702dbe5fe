DROP INDEX `alerts_created_at`;--> statement-breakpoint
DROP INDEX `alerts_county`;--> statement-breakpoint
CREATE INDEX `alerts_created_at` ON `alerts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `alerts_county` ON `alerts` (`county`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `assistance_requests_list`;--> statement-breakpoint
DROP INDEX `assistance_requests_county`;--> statement-breakpoint
CREATE INDEX `assistance_requests_list` ON `assistance_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `assistance_requests_county` ON `assistance_requests` (`county`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `lost_found_notes_post`;--> statement-breakpoint
CREATE INDEX `lost_found_notes_post` ON `lost_found_notes` (`post_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `lost_found_posts_created_at`;--> statement-breakpoint
DROP INDEX `lost_found_posts_county`;--> statement-breakpoint
CREATE INDEX `lost_found_posts_created_at` ON `lost_found_posts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `lost_found_posts_county` ON `lost_found_posts` (`county`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `surplus_offers_list`;--> statement-breakpoint
DROP INDEX `surplus_offers_county`;--> statement-breakpoint
CREATE INDEX `surplus_offers_list` ON `surplus_offers` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `surplus_offers_county` ON `surplus_offers` (`county`,`created_at`,`id`);--> statement-breakpoint
-- Times the public leaves are kept to the minute (functions/domain/time.ts toMinute): rows written before keep none finer.
UPDATE `lost_found_posts` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `renewed_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `renewed_at`);--> statement-breakpoint
UPDATE `lost_found_notes` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`) WHERE `pfif_id` IS NULL;--> statement-breakpoint
UPDATE `alerts` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `assistance_requests` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `surplus_offers` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `assistance_responses` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `resources` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `jobs` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `drops` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `drop_volunteers` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `sos_requests` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `alert_subscriptions` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);
