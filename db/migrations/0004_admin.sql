CREATE TABLE `admin_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_expires_at` ON `admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_name_unique` ON `admins` (`name`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_name` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
ALTER TABLE `alerts` ADD `admin_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `alerts` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `assistance_requests` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `drops` ADD `volunteers_needed` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `job_type` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `requirements` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `urgent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `resources` ADD `admin_category` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `hours` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `services` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `requirements` text;--> statement-breakpoint
ALTER TABLE `sos_requests` ADD `handled_at` text;--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `hidden` integer DEFAULT false NOT NULL;