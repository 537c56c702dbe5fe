CREATE TABLE `assistance_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`city` text,
	`contact_name` text NOT NULL,
	`contact_method` text NOT NULL,
	`image_urls` text NOT NULL,
	`video_url` text,
	`manage_hash` text,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`urgency` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `assistance_requests_list` ON `assistance_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `assistance_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text,
	`offer_id` text,
	`response_type` text NOT NULL,
	`responder_name` text NOT NULL,
	`responder_contact` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `assistance_responses_request` ON `assistance_responses` (`request_id`);--> statement-breakpoint
CREATE INDEX `assistance_responses_offer` ON `assistance_responses` (`offer_id`);--> statement-breakpoint
CREATE TABLE `surplus_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`city` text,
	`contact_name` text NOT NULL,
	`contact_method` text NOT NULL,
	`image_urls` text NOT NULL,
	`video_url` text,
	`manage_hash` text,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`condition` text,
	`availability` text,
	`status` text DEFAULT 'available' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `surplus_offers_list` ON `surplus_offers` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `status` text DEFAULT 'missing' NOT NULL;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `manage_hash` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `media_type` text;