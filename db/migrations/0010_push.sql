CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`areas` text NOT NULL,
	`topics` text NOT NULL,
	`lang` text NOT NULL,
	`created_at` text NOT NULL
);
