ALTER TABLE `lost_found_notes` ADD `author_made_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lost_found_notes` ADD `pfif_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `lost_found_notes_pfif_id_unique` ON `lost_found_notes` (`pfif_id`);--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `pfif_id` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `source_date` text;--> statement-breakpoint
CREATE UNIQUE INDEX `lost_found_posts_pfif_id_unique` ON `lost_found_posts` (`pfif_id`);