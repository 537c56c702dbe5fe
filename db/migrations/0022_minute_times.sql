-- Times the public leaves are kept to the minute (functions/domain/time.ts toMinute): rows written before keep none finer.
UPDATE `lost_found_posts` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `renewed_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `renewed_at`);--> statement-breakpoint
UPDATE `lost_found_notes` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`) WHERE `pfif_id` IS NULL;--> statement-breakpoint
UPDATE `alerts` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `assistance_requests` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `surplus_offers` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`), `expires_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `expires_at`);--> statement-breakpoint
UPDATE `assistance_responses` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `resources` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `jobs` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `drops` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `drop_volunteers` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `sos_requests` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);--> statement-breakpoint
UPDATE `alert_subscriptions` SET `created_at` = strftime('%Y-%m-%dT%H:%M:00.000Z', `created_at`);
