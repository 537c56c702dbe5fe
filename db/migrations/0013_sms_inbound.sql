CREATE TABLE `sms_senders` (
	`number_hash` text PRIMARY KEY NOT NULL,
	`lang` text NOT NULL,
	`updated_at` text NOT NULL
);
