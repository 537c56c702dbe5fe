CREATE TABLE `pow_spent` (
	`signature` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
