CREATE TABLE `drop_volunteers` (
	`id` text PRIMARY KEY NOT NULL,
	`drop_id` text NOT NULL,
	`name` text NOT NULL,
	`contact` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `drops` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text,
	`date` text NOT NULL,
	`time` text,
	`city` text NOT NULL,
	`meet_spot` text NOT NULL,
	`address` text,
	`what_we_bring` text,
	`notes` text,
	`status` text DEFAULT 'active' NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `drops_date` ON `drops` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`employer` text,
	`city` text,
	`pay_range` text,
	`notes` text,
	`contact` text NOT NULL,
	`accepts_no_papers` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status` ON `jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `resources` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`city` text,
	`address` text,
	`phone` text,
	`link` text,
	`notes` text,
	`verified` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `resources_status` ON `resources` (`status`,`category`);--> statement-breakpoint
CREATE TABLE `sos_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`city` text,
	`details` text NOT NULL,
	`contact` text,
	`handled` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
