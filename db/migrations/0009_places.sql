ALTER TABLE `alert_subscriptions` ADD `county` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `county` text;--> statement-breakpoint
CREATE INDEX `alerts_county` ON `alerts` (`county`,`created_at`);--> statement-breakpoint
ALTER TABLE `assistance_requests` ADD `county` text;--> statement-breakpoint
CREATE INDEX `assistance_requests_county` ON `assistance_requests` (`county`,`created_at`);--> statement-breakpoint
ALTER TABLE `drops` ADD `county` text;--> statement-breakpoint
CREATE INDEX `drops_county` ON `drops` (`county`,`date`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `county` text;--> statement-breakpoint
CREATE INDEX `jobs_county` ON `jobs` (`county`,`created_at`);--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `county` text;--> statement-breakpoint
CREATE INDEX `lost_found_posts_county` ON `lost_found_posts` (`county`,`created_at`);--> statement-breakpoint
ALTER TABLE `resources` ADD `county` text;--> statement-breakpoint
CREATE INDEX `resources_county` ON `resources` (`county`,`status`,"verified" desc,`name`);--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `county` text;--> statement-breakpoint
CREATE INDEX `surplus_offers_county` ON `surplus_offers` (`county`,`created_at`);--> statement-breakpoint
-- Cities already stored are mapped to their places by the server (SQL knows no place names):
-- this asks for it once, and placeStoredCities (functions/domain/places.ts) does it and clears it.
INSERT OR REPLACE INTO `meta` (`key`, `value`) VALUES ('places_backfill', 'due');
