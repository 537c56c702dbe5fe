-- Names found however they were written (hand-written after the first two statements: drizzle-kit
-- knows no virtual tables or triggers). The index gains a third column, the sound keys of each
-- name (search_keys, a JSON array whose words the tokenizer reads: see db/name-keys.ts). And every
-- word of a listed name is kept with each form of it one letter shorter (two, from 8 letters), so
-- a query's word finds the words one or two edits from it (a letter more, less, changed, or two
-- swapped) by equality alone, on a local file and on Turso alike: the query looks up itself and
-- its shorter forms (the deletions of SymSpell). The folded name holds only letters, digits and
-- single spaces, so it is made a JSON array of its words by replacing its spaces. Only listed
-- records' words are kept: when a record is hidden, renamed or deleted, each of its words that no
-- listed name has any more (FTS5's own list of the index's words, lost_found_search_vocab, says)
-- leaves with all its forms, so a copy of the database holds no name the board no longer lists.
CREATE TABLE `lost_found_name_words` (
	`near` text NOT NULL,
	`word` text NOT NULL,
	PRIMARY KEY(`near`, `word`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `lost_found_name_words_word` ON `lost_found_name_words` (`word`);
--> statement-breakpoint
ALTER TABLE `lost_found_posts` ADD `search_keys` text;
--> statement-breakpoint
DROP TRIGGER `lost_found_search_insert`;
--> statement-breakpoint
DROP TRIGGER `lost_found_search_update`;
--> statement-breakpoint
DROP TRIGGER `lost_found_search_delete`;
--> statement-breakpoint
DROP TABLE `lost_found_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `lost_found_search` USING fts5(name, city, keys, created_at UNINDEXED, lives_from UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8');
--> statement-breakpoint
CREATE VIRTUAL TABLE `lost_found_search_vocab` USING fts5vocab('lost_found_search', 'col');
--> statement-breakpoint
CREATE TRIGGER `lost_found_search_insert` AFTER INSERT ON `lost_found_posts` WHEN new.hidden = 0 BEGIN
	INSERT INTO lost_found_search_keys (post_id) VALUES (new.id);
	INSERT INTO lost_found_search (rowid, name, city, keys, created_at, lives_from) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, ''), coalesce(new.search_keys, ''), new.created_at, coalesce(new.renewed_at, new.created_at) FROM lost_found_search_keys WHERE post_id = new.id;
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT w.value, w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w WHERE new.hidden = 0 AND length(w.value) > 0;
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT substr(w.value, 1, i.value - 1) || substr(w.value, i.value + 1), w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') i WHERE new.hidden = 0 AND length(w.value) >= 3 AND i.value <= length(w.value);
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT substr(w.value, 1, i.value - 1) || substr(w.value, i.value + 1, j.value - i.value - 1) || substr(w.value, j.value + 1), w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') i, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') j WHERE new.hidden = 0 AND length(w.value) >= 8 AND i.value < j.value AND j.value <= length(w.value);
END;
--> statement-breakpoint
-- A hide, a restore, an edit or an extension re-indexes the post (an extended record counts as new).
CREATE TRIGGER `lost_found_search_update` AFTER UPDATE OF name, last_seen_city, search_name, search_city, search_keys, hidden, created_at, renewed_at ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	INSERT INTO lost_found_search_keys (post_id) SELECT new.id WHERE new.hidden = 0;
	INSERT INTO lost_found_search (rowid, name, city, keys, created_at, lives_from) SELECT key, coalesce(new.search_name, new.name), coalesce(new.search_city, new.last_seen_city, ''), coalesce(new.search_keys, ''), new.created_at, coalesce(new.renewed_at, new.created_at) FROM lost_found_search_keys WHERE post_id = new.id;
	DELETE FROM lost_found_name_words WHERE word IN (SELECT w.value FROM json_each('["' || replace(coalesce(old.search_name, ''), ' ', '","') || '"]') w WHERE NOT EXISTS (SELECT 1 FROM lost_found_search_vocab v WHERE v.term = w.value AND v.col = 'name'));
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT w.value, w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w WHERE new.hidden = 0 AND length(w.value) > 0;
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT substr(w.value, 1, i.value - 1) || substr(w.value, i.value + 1), w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') i WHERE new.hidden = 0 AND length(w.value) >= 3 AND i.value <= length(w.value);
	INSERT OR IGNORE INTO lost_found_name_words (near, word) SELECT substr(w.value, 1, i.value - 1) || substr(w.value, i.value + 1, j.value - i.value - 1) || substr(w.value, j.value + 1), w.value FROM json_each('["' || replace(coalesce(new.search_name, ''), ' ', '","') || '"]') w, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') i, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]') j WHERE new.hidden = 0 AND length(w.value) >= 8 AND i.value < j.value AND j.value <= length(w.value);
END;
--> statement-breakpoint
-- However a post goes (its owner, the sweep, sample removal), its index entry, its name's words no other has, and its notes go with it.
CREATE TRIGGER `lost_found_search_delete` AFTER DELETE ON `lost_found_posts` BEGIN
	DELETE FROM lost_found_search WHERE rowid = (SELECT key FROM lost_found_search_keys WHERE post_id = old.id);
	DELETE FROM lost_found_search_keys WHERE post_id = old.id;
	DELETE FROM lost_found_name_words WHERE word IN (SELECT w.value FROM json_each('["' || replace(coalesce(old.search_name, ''), ' ', '","') || '"]') w WHERE NOT EXISTS (SELECT 1 FROM lost_found_search_vocab v WHERE v.term = w.value AND v.col = 'name'));
	DELETE FROM lost_found_notes WHERE post_id = old.id;
END;
--> statement-breakpoint
-- Rows stored before this have no keys yet: openDatabase fills them (fillSearchKeys), and the update trigger indexes them.
INSERT INTO lost_found_search (rowid, name, city, keys, created_at, lives_from) SELECT k.key, coalesce(p.search_name, p.name), coalesce(p.search_city, p.last_seen_city, ''), '', p.created_at, coalesce(p.renewed_at, p.created_at) FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id;
