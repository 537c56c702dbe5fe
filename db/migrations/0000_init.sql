CREATE TABLE `lost_found_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`last_seen_city` text,
	`last_seen_date` text,
	`description` text,
	`photo_url` text,
	`contact` text,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lost_found_posts_created_at` ON `lost_found_posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
