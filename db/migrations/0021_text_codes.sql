CREATE TABLE `sms_inbound_seen` (
	`sid_hash` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_inbound_seen_at` ON `sms_inbound_seen` (`at`);--> statement-breakpoint
CREATE TABLE `text_codes` (
	`phone_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`city` text,
	`lang` text NOT NULL,
	`code_hash` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `claimed_at` integer;