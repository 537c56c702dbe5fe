ALTER TABLE `resources` ADD `schedule` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `languages` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `cost` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `what_to_bring` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `not_required` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `eligibility` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `verified_on` text;--> statement-breakpoint
ALTER TABLE `resources` ADD `verified_by` text;