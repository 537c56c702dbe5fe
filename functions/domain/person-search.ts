/** Search of the missing-person board over its FTS5 index (db/migrations/0006_search.sql, 0025_search_keys.sql). */
import levenshtein from 'damerau-levenshtein';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { packedRows } from '../../db/packed-rows.ts';
import { latinReadings, nameKeys, PARTICLES, soundKey } from '../../db/name-keys.ts';
import { lostFoundNameWords, lostFoundPosts } from '../../db/schema.ts';
import { foldForSearch } from '../../db/search-fields.ts';
import { keptAfter } from './lifetime.ts';
import { isShortForm, nameVariants, otherSpellings } from './names/nicknames.ts';
import type { SearchMatch } from '../../src/common/contract/lost-found.ts';
import type { PostFields } from './mappers.ts';

/** What a found record is read with: what toPost reads, no more (its folded copies and keys are long). */
const ANSWERED = {
  id: lostFoundPosts.id,
  name: lostFoundPosts.name,
  lastSeenCity: lostFoundPosts.lastSeenCity,
  county: lostFoundPosts.county,
  lastSeenDate: lostFoundPosts.lastSeenDate,
  description: lostFoundPosts.description,
  photoUrl: lostFoundPosts.photoUrl,
  previewUrl: lostFoundPosts.previewUrl,
  contact: lostFoundPosts.contact,
  contactKind: lostFoundPosts.contactKind,
  showContact: lostFoundPosts.showContact,
  createdAt: lostFoundPosts.createdAt,
  status: lostFoundPosts.status,
  isSample: lostFoundPosts.isSample,
} satisfies Record<keyof PostFields, unknown>;

/** More words than a name and a city have are ignored. */
const MAX_TERMS = 12;

/**
 * The words of a query, folded as the index is, without the particles between surnames (a family
 * may write them or not, so a query needs none of them, unless it has no other word); quotes,
 * stars and parentheses are no words.
 */
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
const CANDIDATES = 100;

/** Edits a query's word may be from a word of a name of this many letters (or from a shorter one, the query's being this long) and still find it: none under 4, one up to 7, two from 8 ("maria hernandes", "fransisco"). */
const editsAllowed = (letters: number) => (letters < 4 ? 0 : letters < 8 ? 1 : 2);

/** Words of names one word of a query may find with its typos: the nearest this many. */
const MAX_TYPOS = 12;

const LATIN = /^[a-z0-9]+$/;

/** How a word of the query found a record. */
type How = 'word' | 'sound' | 'nickname' | 'written' | 'typo';

/** How a record was found: close when no word of the query was only a typo away; with why, when not by the words of its name as written. */
export interface Found {
  post: PostFields;
  close: boolean;
  match: SearchMatch | undefined;
}

/** One word of a reading of the query: the keys that find it exactly (its sound, its nicknames and spellings), and the words of names a typo or two away. */
interface Term {
  word: string;
  keys: string[];
  typos: { word: string; edits: number }[];
}

/** A word as an FTS5 string: quoted, so FTS5 never sees its syntax (OR and NEAR are searched as the words they are). */
const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * The query's words as written, and, when it has words in Chinese, Korean, Gurmukhi or Devanagari,
 * its Latin words with those read in Latin letters (from the query as typed: folding takes the
 * vowel signs off Gurmukhi and Devanagari and splits Korean syllables into letters).
 */
function readings(query: string, terms: string[]): Term[][] {
  /** A word, by its usual spelling first, with the keys of all its spellings, nicknames and other spellings. */
  const term = ([word, ...others]: string[]): Term => ({
    word: word!,
    keys: LATIN.test(word!) ? [...new Set([word!, ...others, ...nameVariants(word!), ...otherSpellings(word!)].map(soundKey))] : [],
    typos: [],
  });
  const script = latinReadings(query);
  const own = terms.map((word) => [word]);
  return [own.map(term), ...(script.length ? [[...own.filter(([word]) => LATIN.test(word!)), ...script].map(term)] : [])];
}

/** A word with one letter left out, each way; from 6 letters (two edits from a name of 8), also with two. */
const shorter = (word: string): string[] => {
  const once = [...word].map((_, index) => word.slice(0, index) + word.slice(index + 1));
  if (word.length < 6) return once;
  // Each pair of letters once: the second left out from the first's place on.
  return [...once, ...once.flatMap((one, first) => [...one.slice(first)].map((_, after) => one.slice(0, first + after) + one.slice(first + after + 1)))];
};

/**
 * The words of listed names one or two edits from each Latin word of the query (as editsAllowed
 * says), nearest first: looked up by the word and its shorter forms in lost_found_name_words, whose
 * rows are each name's words and their own shorter forms, and measured with damerau-levenshtein.
 */
async function withTypos(db: Database, reading: Term[]): Promise<Term[]> {
  // A word of 3 letters may be a name of 4 with a letter missing ("shh": Shah).
  const sought = reading.filter((term) => term.word.length >= 3 && LATIN.test(term.word));
  if (!sought.length) return reading;
  const rows = await db
    .selectDistinct({ word: lostFoundNameWords.word })
    .from(lostFoundNameWords)
    .where(inArray(lostFoundNameWords.near, [...new Set(sought.flatMap((term) => [term.word, ...shorter(term.word)]))]));
  return reading.map((term) => {
    if (!sought.includes(term)) return term;
    const typos = rows
      .map(({ word }) => ({ word, edits: levenshtein(term.word, word).steps }))
      .filter(({ word, edits }) => edits > 0 && edits <= editsAllowed(Math.max(word.length, term.word.length)))
      .sort((a, b) => a.edits - b.edits)
      .slice(0, MAX_TYPOS);
    return { ...term, typos };
  });
}

/** What one word of a reading looks for in a candidate's folded name (spaced around) and keys (their JSON), made once per search. */
interface Needles {
  whole: string;
  begins: string;
  keys: string[];
  /** Words of names one edit away, then two. */
  typos: [string[], string[]];
}

const needlesOf = (term: Term): Needles => ({
  whole: ` ${term.word} `,
  begins: ` ${term.word}`,
  keys: term.keys.map((key) => `"${key}"`),
  typos: [1, 2].map((edits) => term.typos.filter((typo) => typo.edits === edits).map((typo) => ` ${typo.word} `)) as [string[], string[]],
});

/** How well one word of a reading matched a candidate (its folded name with a space each side, and its keys as the JSON the index holds). */
function termScore(needles: Needles, name: string, keys: string): number {
  if (name.includes(needles.whole)) return 3;
  if (needles.keys.some((key) => keys.includes(key))) return 2.5;
  if (name.includes(needles.begins)) return 2;
  return needles.typos[0].some((typo) => name.includes(typo)) ? 1 : needles.typos[1].some((typo) => name.includes(typo)) ? 0.75 : 0;
}

/**
 * The listed records matching one of the query's readings, best first. A record matches a reading
 * when each of its words begins a word of the name or city, or is a word of the name by sound,
 * nickname, spelling, script or (with typos) a typo; it ranks by how well each word matched (a
 * whole word, then a word by sound, nickname, spelling or script, then the beginning of a word,
 * then one edit away, then two), then the newest. (FTS5's bm25 ranked no better here and doubled
 * the time of a search.) The index alone picks the candidates (it holds the folded name, its keys
 * and both dates: migrations 0008 and 0025), the newest CANDIDATES of them, and they are ranked
 * here: ranked in SQL, the statement took longer to compile than to run. Only the page answered is
 * read from the posts. With a county, the candidates are only that county's records. Keys and
 * typos are sought in the name only: "paco" must not find everyone last seen in San Francisco.
 */
async function ranked(db: Database, reading: Term[][], now: number, within: { before: string | undefined; county: string | null }, limit: number): Promise<PostFields[]> {
  const { before, county } = within;
  const anyKey = (keys: string[]) => (keys.length ? ` OR keys : (${keys.map(quoted).join(' OR ')})` : '');
  const anyWord = (words: string[]) => (words.length ? ` OR name : (${words.map(quoted).join(' OR ')})` : '');
  const match = reading
    .map((terms) => `(${terms.map((term) => `({name city} : ${quoted(term.word)}*${anyKey(term.keys)}${anyWord(term.typos.map(({ word }) => word))})`).join(' AND ')})`)
    .join(' OR ');
  // Newest first (by key: a record extended is indexed anew, and counts as new).
  const candidates = (
    await packedRows(
      db,
      { key: sql<number>`key`, name: sql<string>`name`, keys: sql<string>`keys` },
      sql`FROM (SELECT rowid AS key, name, keys FROM lost_found_search
        WHERE lost_found_search MATCH ${match} AND lives_from > ${keptAfter(now)} ${before ? sql`AND created_at < ${before}` : sql``}
        ${county ? sql`AND rowid IN (SELECT k.key FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id WHERE p.county = ${county})` : sql``}
        ORDER BY rowid DESC LIMIT ${CANDIDATES})`,
    )
  ).sort((a, b) => b.key - a.key);
  const needles = reading.map((terms) => terms.map(needlesOf));
  const scores = new Map(
    candidates.map((candidate) => {
      const name = ` ${candidate.name.toLowerCase()} `;
      return [candidate, Math.max(...needles.map((terms) => terms.reduce((sum, term) => sum + termScore(term, name, candidate.keys), 0)))];
    }),
  );
  // Best first, then the newest: sort keeps the candidates' order among equals.
  const best = candidates.sort((a, b) => scores.get(b)! - scores.get(a)!).slice(0, limit);
  if (!best.length) return [];
  const rows = await packedRows(
    db,
    { key: sql<number>`k.key`, ...ANSWERED },
    sql`FROM ${lostFoundPosts} JOIN lost_found_search_keys k ON k.post_id = ${lostFoundPosts.id} WHERE k.key IN (SELECT value FROM json_each(${JSON.stringify(best.map((candidate) => candidate.key))}))`,
  );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return best.flatMap((candidate) => byKey.get(candidate.key) ?? []);
}

/** A folded Latin word as a name is written: "paco" -> "Paco". */
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * How the words of the reading that matched best (the fewest typos) found a record's name, and
 * why to say it was found when it was not by its words as written: a nickname first, then another
 * spelling or script ("Also written Wang Xiaoming" under 王小明), then a similar spelling.
 */
function matchOf(reading: Term[][], terms: string[], name: string): Omit<Found, 'post'> {
  const folded = foldForSearch(name);
  const words = folded.split(' ');
  // Most records are found by the words of their name as written: nothing more to work out.
  if (reading[0]!.every((term) => words.some((word) => word.startsWith(term.word)))) return { close: true, match: undefined };
  /** A folded word of the name as the record writes it ("ramirez" -> "Ramírez"). */
  const written = (word: string) => name.split(/[^\p{L}\p{M}\p{N}]+/u).find((part) => foldForSearch(part) === word) ?? word;
  const keys = new Set(nameKeys(folded, name));
  const readings = new Set(latinReadings(name, true).flat().map(soundKey));
  const how = (term: Term, scripted: boolean): { how: How; match?: SearchMatch } => {
    const query = term.word;
    const writtenAs = (as: string) => ({ how: 'written' as const, match: { kind: 'written' as const, as } });
    const begins = words.some((word) => word.startsWith(query));
    // The query in Chinese or Korean characters (read in Latin letters) found a name in Latin letters.
    if (scripted && (begins || term.keys.some((key) => keys.has(key)))) return writtenAs(terms.join(/[\p{Script=Han}\p{Script=Hangul}]/u.test(terms.join('')) ? '' : ' '));
    if (begins) return { how: 'word' };
    const nickname = words.find((word) => nameVariants(query).includes(word));
    if (nickname) {
      const short = isShortForm(query);
      return { how: 'nickname', match: { kind: 'nickname', short: capitalized(short ? query : written(nickname)), full: capitalized(short ? written(nickname) : query) } };
    }
    if (words.some((word) => otherSpellings(query).includes(word))) return writtenAs(capitalized(query));
    // The query in Latin letters found a name in characters.
    if (!scripted && term.keys.some((key) => readings.has(key))) return writtenAs(terms.map(capitalized).join(' '));
    if (term.keys.some((key) => keys.has(key))) return { how: 'sound', match: { kind: 'similar' } };
    return { how: 'typo', match: { kind: 'similar' } };
  };
  const typos = (list: { how: How }[]) => list.filter((word) => word.how === 'typo').length;
  const [best] = reading.map((read, index) => read.map((term) => how(term, index > 0))).sort((a, b) => typos(a) - typos(b));
  const order: How[] = ['nickname', 'written', 'sound', 'typo'];
  const shown = order.map((kind) => best!.find((word) => word.how === kind)).find(Boolean);
  return { close: typos(best!) === 0, match: shown?.match };
}

/**
 * The listed records whose name matches the words of a query (searchTerms), best first, each with
 * how it matched. Typos are a second look: only when no record matches exactly, by sound,
 * nickname, spelling or script are the names a typo away sought (two more statements; most
 * searches that find someone never pay for them).
 */
export async function search(db: Database, query: string, now: number, within: { before: string | undefined; county: string | null }, limit: number): Promise<Found[]> {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  const reading = readings(query, terms);
  const found = await ranked(db, reading, now, within, limit);
  if (found.length) return found.map((post) => ({ post, ...matchOf(reading, terms, post.name) }));
  const typos = await Promise.all(reading.map((terms) => withTypos(db, terms)));
  if (!typos.some((terms) => terms.some((term) => term.typos.length))) return [];
  return (await ranked(db, typos, now, within, limit)).map((post) => ({ post, ...matchOf(typos, terms, post.name) }));
}

/** Pages of the search index one step of its tidying rewrites: about 15 ms over 100,000 records. */
const TIDY_PAGES = 256;

/**
 * One step of merging the search index's segments into one. Each post adds a small segment and
 * FTS5 merges them only now and then, so a search looks a word up in each of many: over 100,000
 * records posted in batches, a three-word search took 1.5 ms in the index against 0.9 ms once
 * merged. A step does a bounded part of the work (FTS5's 'merge' with a negative page count, which
 * works toward a single segment), so the minute's maintenance never holds the server long.
 * Answers whether it merged anything (on a local file; a step with nothing left to merge still
 * rewrites the index's structure record, one row).
 */
export async function tidySearchIndex(db: Database): Promise<boolean> {
  const changes = async () => Number((await db.all<{ n: number }>(sql`SELECT total_changes() AS n`))[0]!.n);
  const before = await changes();
  await db.run(sql`INSERT INTO lost_found_search (lost_found_search, rank) VALUES ('merge', ${-TIDY_PAGES})`);
  return (await changes()) - before > 1;
}
