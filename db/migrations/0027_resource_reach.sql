ALTER TABLE `resources` ADD `serves` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `country` text;