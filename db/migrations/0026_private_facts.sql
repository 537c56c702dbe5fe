ALTER TABLE `lost_found_posts` ADD `birth_country` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `a_number` text;