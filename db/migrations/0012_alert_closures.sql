CREATE TABLE `alert_closures` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`city` text NOT NULL,
	`county` text,
	`sent_at` text NOT NULL,
	`closed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alert_closures_closed_at` ON `alert_closures` (`closed_at`);