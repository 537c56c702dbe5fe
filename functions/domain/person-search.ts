/** Search of the missing-person board over its FTS5 index (db/migrations/0006_search.sql). */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lostFoundPosts } from '../../db/schema.ts';
import { foldForSearch } from '../../db/search-fields.ts';
import { keptAfter } from './lifetime.ts';
import { nameVariants } from './names/nicknames.ts';
import type { LostFoundRow } from './mappers.ts';

/** More words than a name and a city have are ignored. */
const MAX_TERMS = 12;

/**
 * The little words between Spanish and Portuguese surnames ("de la Cruz", "López y Ramírez", "dos
 * Santos"): a family may write them or not, so a query needs none of them, unless it has no other
 * word. Not "do": it is Đỗ, a common Vietnamese family name, once folded.
 */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'da', 'das', 'dos']);

/** The words of a query, folded as the index is, without the particles between surnames; quotes, stars and parentheses are no words. */
export function searchTerms(query: string): string[] {
  const words = [...new Set(foldForSearch(query).split(' ').filter(Boolean))];
  const names = words.filter((word) => !PARTICLES.has(word));
  return (names.length ? names : words).slice(0, MAX_TERMS);
}

/**
 * A query matching more records than this ranks the newest this many of them: a word common
 * enough to match thousands ("an", "m") is no name, and ranking them all would cost every
 * search that much time.
 */
const CANDIDATES = 200;

/** A word as an FTS5 string: quoted, so FTS5 never sees its syntax (OR and NEAR are searched as the words they are). */
const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * The listed records whose name or last-seen city has a word beginning with each word of the
 * query, or whose name has one of that word's other forms as a whole word (a given name and its
 * short forms: "paco" finds Francisco, functions/domain/names), best first: the most words that
 * are whole words of the name, then that begin one (so a hit in the name comes before one in the
 * city), then other forms (half a word each), then the newest. (FTS5's bm25 ranked no better
 * here and doubled the time of a search.) Each word is quoted, so FTS5 never sees its syntax: OR
 * and NEAR are searched as the words they are. The index alone picks and ranks the candidates
 * (it holds the folded name and both dates, migration 0008); only the page answered is read
 * from the posts. With a county, the candidates are only that county's records (found by the
 * posts' county index). Other forms are sought in the name only: "paco" must not find everyone
 * last seen in San Francisco.
 */
export async function search(db: Database, terms: string[], now: number, within: { before: string | undefined; county: string | null }, limit: number): Promise<LostFoundRow[]> {
  const { before, county } = within;
  const variants = terms.map(nameVariants);
  const match = terms
    .map((term, index) => [`${quoted(term)}*`, ...variants[index]!.map((other) => `name : ${quoted(other)}`)].join(' OR '))
    .map((any) => `(${any})`)
    .join(' AND ');
  const whole = (word: string) => sql`(' ' || c.name || ' ' LIKE ${`% ${word} %`})`;
  const words = sql.join(
    terms.map(
      (term, index) =>
        sql`${whole(term)} + (' ' || c.name LIKE ${`% ${term}%`})${variants[index]!.length ? sql` + 0.5 * (${sql.join(variants[index]!.map(whole), sql` OR `)})` : sql``}`,
    ),
    sql` + `,
  );
  const hits = sql`(SELECT k.post_id AS id, ranked.rank AS rank FROM (
      SELECT c.key AS key, row_number() OVER (ORDER BY ${words} DESC, c.created_at DESC, c.key DESC) AS rank FROM (
        SELECT rowid AS key, name, created_at FROM lost_found_search
        WHERE lost_found_search MATCH ${match} AND lives_from > ${keptAfter(now)} ${before ? sql`AND created_at < ${before}` : sql``}
        ${county ? sql`AND rowid IN (SELECT k.key FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id WHERE p.county = ${county})` : sql``}
        ORDER BY rowid DESC LIMIT ${CANDIDATES}
      ) AS c ORDER BY rank LIMIT ${limit}
    ) AS ranked JOIN lost_found_search_keys k ON k.key = ranked.key) AS hits`;
  const rows = await db
    .select({ post: lostFoundPosts })
    .from(lostFoundPosts)
    .innerJoin(hits, sql`hits.id = ${lostFoundPosts.id}`)
    .orderBy(sql`hits.rank`);
  return rows.map((row) => row.post);
}
