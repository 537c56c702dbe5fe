ALTER TABLE `assistance_requests` ADD `contact_kind` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `contact_kind` text;--> statement-breakpoint
ALTER TABLE `surplus_offers` ADD `contact_kind` text;