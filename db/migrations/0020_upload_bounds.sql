-- A part's ETag is null while it is on its way (its bytes already reserved); SQLite drops a NOT NULL only by rebuilding the table.
CREATE TABLE `__new_upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`size` integer NOT NULL,
	`etag` text,
	`receiving_until` integer,
	PRIMARY KEY(`upload_id`, `part_number`)
);
--> statement-breakpoint
INSERT INTO `__new_upload_parts`(`upload_id`, `part_number`, `size`, `etag`) SELECT `upload_id`, `part_number`, `size`, `etag` FROM `upload_parts`;--> statement-breakpoint
DROP TABLE `upload_parts`;--> statement-breakpoint
ALTER TABLE `__new_upload_parts` RENAME TO `upload_parts`;--> statement-breakpoint
ALTER TABLE `uploads` ADD `spent` integer DEFAULT false NOT NULL;
