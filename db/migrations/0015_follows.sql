CREATE TABLE `push_follows` (
	`endpoint` text NOT NULL,
	`post_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`endpoint`, `post_id`)
);
--> statement-breakpoint
CREATE INDEX `push_follows_post` ON `push_follows` (`post_id`);--> statement-breakpoint
-- Hand-written: a follow goes with its subscription (stopped, or gone at its push service) and with its record (deleted or expired).
CREATE TRIGGER `push_follows_subscription_delete` AFTER DELETE ON `push_subscriptions` BEGIN
	DELETE FROM push_follows WHERE endpoint = old.endpoint;
END;
--> statement-breakpoint
CREATE TRIGGER `push_follows_post_delete` AFTER DELETE ON `lost_found_posts` BEGIN
	DELETE FROM push_follows WHERE post_id = old.id;
END;
