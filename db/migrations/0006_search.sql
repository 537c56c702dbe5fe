CREATE TABLE `lost_found_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`author_name` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`last_known_location` text,
	`contact` text,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lost_found_notes_post` ON `lost_found_notes` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `renewed_at` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `search_name` text;--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `search_city` text;--> statement-breakpoint
CREATE INDEX `lost_found_posts_lives_from` ON `lost_found_posts` (coalesce("renewed_at", "created_at"));--> statement-breakpoint
-- Search by name and last-seen city (hand-written: drizzle-kit knows no virtual tables or triggers).
-- A word index with prefixes, so "mari" finds María: it holds the folded copies the API writes
-- (lowercase, no accents, a space between Chinese or Korean characters), and where a writer left
-- them out the tokenizer still folds case and accents (remove_diacritics 2: Vietnamese letters
-- carry two marks). Trigrams would also find the middle of words, but ranking their long lists
-- cost tens of milliseconds a search over 100,000 records.
-- Posts have text ids, so each listed post gets an integer key here: FTS5 rows are keyed by
-- integers, and a table's implicit rowid may change on VACUUM.
CREATE TABLE `lost_found_search_keys` (
	`key` integer PRIMARY KEY,
	`post_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `lost_found_search` USING fts5(name, city, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
--> statement-breakpoint
-- Only posts not hidden are indexed; a hide, a restore or an edit re-indexes the post.
CREATE TRIGGER `lost_found_search_insert` AFTER INSERT ON `lost_found_posts` WHEN new.hidden = 0 BEGIN
	INSERT INTO lost_found_search_keys (post_id) VALUES (new.id);
	INSERT INTO lost_found_search (rowid, name, city) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, '') FROM lost_found_search_keys WHERE post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `lost_found_search_update` AFTER UPDATE OF name, last_seen_city, search_name, search_city, hidden ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	INSERT INTO lost_found_search_keys (post_id) SELECT new.id WHERE new.hidden = 0;
	INSERT INTO lost_found_search (rowid, name, city) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, '') FROM lost_found_search_keys WHERE post_id = new.id;
END;
--> statement-breakpoint
-- However a post goes (its owner, the sweep, sample removal), its index entry and its notes go with it.
CREATE TRIGGER `lost_found_search_delete` AFTER DELETE ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	DELETE FROM lost_found_notes WHERE post_id = old.id;
END;
--> statement-breakpoint
INSERT INTO lost_found_search_keys (post_id) SELECT id FROM lost_found_posts WHERE hidden = 0;
--> statement-breakpoint
INSERT INTO lost_found_search (rowid, name, city) SELECT k.key, p.name, coalesce(p.last_seen_city, '') FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id;
