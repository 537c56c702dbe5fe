CREATE TABLE `passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`responder_id` text,
	`admin_id` text,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `passkeys_responder` ON `passkeys` (`responder_id`);--> statement-breakpoint
CREATE INDEX `passkeys_admin` ON `passkeys` (`admin_id`);--> statement-breakpoint
CREATE TABLE `report_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`alert_id` text NOT NULL,
	`responder_id` text NOT NULL,
	`action` text NOT NULL,
	`note` text,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `report_actions_alert` ON `report_actions` (`alert_id`,`at`);--> statement-breakpoint
CREATE TABLE `report_tallies` (
	`county` text NOT NULL,
	`week` text NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	`confirmed` integer DEFAULT 0 NOT NULL,
	`verified` integer DEFAULT 0 NOT NULL,
	`false_alarms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`county`, `week`)
);
--> statement-breakpoint
CREATE INDEX `report_tallies_week` ON `report_tallies` (`week`);--> statement-breakpoint
CREATE TABLE `responder_invites` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`responder_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE TABLE `responder_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`responder_id` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `responders` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`network` text NOT NULL,
	`counties` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `alerts` ADD `responder_state` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `responder_network` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `responder_note` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `responder_at` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `update_sent_at` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `tallied` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `update_of` text;