/** Search of the missing-person board over its FTS5 index (db/migrations/0006_search.sql). */
import { sql, type SQL } from 'drizzle-orm';
import { LOST_FOUND_DAYS } from '../../src/contract/limits.ts';
import { lostFoundPosts } from '../../db/schema.ts';
import { foldForSearch } from '../../db/search.ts';
import type { LostFoundRow } from './mappers.ts';
import { DAY } from './time.ts';

/** More words than a name and a city have are ignored. */
const MAX_TERMS = 8;

/** The words of a query, folded as the index is; quotes, stars and parentheses are no words. */
export const searchTerms = (query: string): string[] => [...new Set(foldForSearch(query).split(' ').filter(Boolean))].slice(0, MAX_TERMS);

/** The time a record's life counts from: its posting, or its owner's last extension. */
export const livesFrom = sql`coalesce(${lostFoundPosts.renewedAt}, ${lostFoundPosts.createdAt})`;

/** Records whose life began after this are still kept. */
export const keptAfter = (now: number) => new Date(now - LOST_FOUND_DAYS * DAY).toISOString();

export const expiresAt = (row: Pick<LostFoundRow, 'renewedAt' | 'createdAt'>) => new Date(Date.parse(row.renewedAt ?? row.createdAt) + LOST_FOUND_DAYS * DAY).toISOString();

/**
 * The ids of listed records whose name or last-seen city holds every word (so FTS5 never sees
 * its syntax: OR and NEAR are searched as the words they are), best first: the most words that
 * are whole words of the name, then that begin one, then bm25 (a hit in the name counting five
 * times one in the city), then the newest. Words of three letters or more use the trigram
 * index; shorter ones ("小明", "An") are looked for in the indexed text, which trigrams cannot do.
 */
export function searchIds(terms: string[], now: number, before: string | undefined, limit: number): SQL {
  const long = terms.filter((term) => [...term].length >= 3);
  const short = terms.filter((term) => [...term].length < 3);
  const match = long.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
  const conditions = [
    sql`p.hidden = 0`,
    sql`coalesce(p.renewed_at, p.created_at) > ${keptAfter(now)}`,
    ...(match ? [sql`lost_found_search MATCH ${match}`] : []),
    ...short.map((term) => sql`(lost_found_search.name LIKE ${`%${term}%`} OR lost_found_search.city LIKE ${`%${term}%`})`),
    ...(before ? [sql`p.created_at < ${before}`] : []),
  ];
  const words = sql.join(
    terms.map((term) => sql`(' ' || lost_found_search.name || ' ' LIKE ${`% ${term} %`}) + (' ' || lost_found_search.name LIKE ${`% ${term}%`})`),
    sql` + `,
  );
  const rank = match ? sql`bm25(lost_found_search, 5.0, 1.0),` : sql``;
  return sql`SELECT p.id AS id FROM lost_found_search
    JOIN lost_found_search_keys k ON k.key = lost_found_search.rowid
    JOIN lost_found_posts p ON p.id = k.post_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${words} DESC, ${rank} p.created_at DESC, p.id DESC LIMIT ${limit}`;
}
