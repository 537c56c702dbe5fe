DROP INDEX `resources_status`;--> statement-breakpoint
CREATE INDEX `resources_list` ON `resources` (`status`,"verified" desc,`name`);--> statement-breakpoint
CREATE INDEX `resources_category` ON `resources` (`status`,`category`,"verified" desc,`name`);--> statement-breakpoint
CREATE INDEX `resources_recent` ON `resources` (`status`,`created_at`);