CREATE TABLE `text_reminders` (
	`phone_hash` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`lang` text NOT NULL,
	`link` text NOT NULL,
	`reminders_from` text NOT NULL,
	`reminders_sent` integer DEFAULT 0 NOT NULL
);
