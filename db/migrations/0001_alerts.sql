CREATE TABLE `alert_marks` (
	`alert_id` text NOT NULL,
	`device_hash` text NOT NULL,
	`kind` text NOT NULL,
	PRIMARY KEY(`alert_id`, `device_hash`)
);
--> statement-breakpoint
CREATE TABLE `alert_subscriptions` (
	`phone` text PRIMARY KEY NOT NULL,
	`city` text,
	`lang` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`precision` text NOT NULL,
	`city` text NOT NULL,
	`area` text,
	`details` text NOT NULL,
	`alert_time` text,
	`contact` text,
	`lat` real,
	`lng` real,
	`activity` text,
	`agents` integer,
	`vehicles` integer,
	`markings` text,
	`photo_url` text,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`all_clears` integer DEFAULT 0 NOT NULL,
	`fingerprint` text NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alerts_expires_at` ON `alerts` (`expires_at`);--> statement-breakpoint
CREATE INDEX `alerts_created_at` ON `alerts` (`created_at`);--> statement-breakpoint
CREATE INDEX `alerts_fingerprint` ON `alerts` (`fingerprint`);--> statement-breakpoint
CREATE TABLE `rate_events` (
	`client_hash` text NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_events_lookup` ON `rate_events` (`client_hash`,`action`,`at`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`body` text NOT NULL,
	`alert_id` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_status` ON `sms_outbox` (`status`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`stored` integer DEFAULT false NOT NULL,
	`attached` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
