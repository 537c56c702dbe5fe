-- Search without reading the posts table until the last step: the index rows carry the dates that
-- pick and order the candidates (when a record was posted, when its life counts from), so a search
-- reads only the index until it has the page it answers. Prefixes of up to 8 letters are indexed
-- too: a word longer than the indexed prefixes ("jose*") made FTS5 merge every matching word's
-- list and took three times as long. It costs the index about 60% more room.
DROP TRIGGER `lost_found_search_insert`;
--> statement-breakpoint
DROP TRIGGER `lost_found_search_update`;
--> statement-breakpoint
DROP TRIGGER `lost_found_search_delete`;
--> statement-breakpoint
DROP TABLE `lost_found_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `lost_found_search` USING fts5(name, city, created_at UNINDEXED, lives_from UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8');
--> statement-breakpoint
CREATE TRIGGER `lost_found_search_insert` AFTER INSERT ON `lost_found_posts` WHEN new.hidden = 0 BEGIN
	INSERT INTO lost_found_search_keys (post_id) VALUES (new.id);
	INSERT INTO lost_found_search (rowid, name, city, created_at, lives_from) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, ''), new.created_at, coalesce(new.renewed_at, new.created_at) FROM lost_found_search_keys WHERE post_id = new.id;
END;
--> statement-breakpoint
-- A hide, a restore, an edit or an extension re-indexes the post (an extended record counts as new).
CREATE TRIGGER `lost_found_search_update` AFTER UPDATE OF name, last_seen_city, search_name, search_city, hidden, created_at, renewed_at ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	INSERT INTO lost_found_search_keys (post_id) SELECT new.id WHERE new.hidden = 0;
	INSERT INTO lost_found_search (rowid, name, city, created_at, lives_from) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, ''), new.created_at, coalesce(new.renewed_at, new.created_at) FROM lost_found_search_keys WHERE post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `lost_found_search_delete` AFTER DELETE ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	DELETE FROM lost_found_notes WHERE post_id = old.id;
END;
--> statement-breakpoint
INSERT INTO lost_found_search (rowid, name, city, created_at, lives_from) SELECT k.key, coalesce(p.search_name, p.name), coalesce(p.search_city, p.last_seen_city, ''), p.created_at, coalesce(p.renewed_at, p.created_at) FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id;
