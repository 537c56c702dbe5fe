CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`size` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`)
);
--> statement-breakpoint
ALTER TABLE `uploads` ADD `multipart_id` text;