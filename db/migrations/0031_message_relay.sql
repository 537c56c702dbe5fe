CREATE TABLE `owner_devices` (
	`board` text NOT NULL,
	`post_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`board`, `post_id`, `endpoint`)
);
--> statement-breakpoint
CREATE INDEX `owner_devices_endpoint` ON `owner_devices` (`endpoint`);--> statement-breakpoint
CREATE TABLE `post_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`name` text NOT NULL,
	`message` text NOT NULL,
	`reach` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `post_messages_post` ON `post_messages` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `assistance_requests` ADD `show_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `assistance_requests` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `assistance_requests` ADD `relay_to` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `show_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `relay_to` text;--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `show_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `relay_to` text;--> statement-breakpoint
-- Hand-written: posts made before the choice existed were posted with their contact shown, and keep it so.
UPDATE `lost_found_posts` SET `show_contact` = 1 WHERE `contact` IS NOT NULL;--> statement-breakpoint
UPDATE `assistance_requests` SET `show_contact` = 1;--> statement-breakpoint
UPDATE `surplus_offers` SET `show_contact` = 1;--> statement-breakpoint
-- A message goes with its record; an owner's device with its subscription and with its post.
CREATE TRIGGER `post_messages_post_delete` AFTER DELETE ON `lost_found_posts` BEGIN
	DELETE FROM post_messages WHERE post_id = old.id;
	DELETE FROM owner_devices WHERE board = 'lost-found' AND post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `owner_devices_request_delete` AFTER DELETE ON `assistance_requests` BEGIN
	DELETE FROM owner_devices WHERE board = 'assistance-requests' AND post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `owner_devices_offer_delete` AFTER DELETE ON `surplus_offers` BEGIN
	DELETE FROM owner_devices WHERE board = 'surplus-offers' AND post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `owner_devices_subscription_delete` AFTER DELETE ON `push_subscriptions` BEGIN
	DELETE FROM owner_devices WHERE endpoint = old.endpoint;
END;
