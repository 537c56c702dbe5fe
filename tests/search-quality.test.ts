/**
 * Recall and precision of the missing-person name search over test sets of its own, each a
 * records.json (names from the communities served) and a queries.json (each query with the one
 * record it should find, or none for someone not on the board):
 * - tests/search-set: 1,040 names and 508 queries (`node tests/search-set/generate.ts` writes
 *   them). The search was tuned while looking at its misses, so its rates flatter it.
 * - tests/search-set/held-out: 1,000 other names and 452 queries, written from other name lists by
 *   someone who saw neither the search nor the first set. Its rates were measured once, before any
 *   change for them (95.3% first, 95.3% in the top 10, 97.1% of the absent without a close match):
 *   they are the honest ones. Cantonese readings of Chinese names came after two of its misses
 *   (95.8% first since). Keep it held out: a change made to pass one of its misses makes it one
 *   more tuned set.
 * Every record goes into a real database as the API stores it; each query is searched as the API
 * searches it (the first page of 10), and the rates by kind of query are printed;
 * SEARCH_SET_REPORT=1 prints each miss. A query for someone absent passes when no record comes
 * back as a close match (every word of the query found without a typo): a name a letter off may
 * still be offered, saying "Similar spelling".
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lostFoundPosts } from '../db/schema.ts';
import { searchFields } from '../db/search-fields.ts';
import { search } from '../functions/domain/person-search.ts';
import { tempDatabase } from './temp-db.ts';

interface Set {
  folder: string;
  /** Measured floors, raised as search improves; the targets are 0.85, 0.95 and 0.90. */
  floors: { first: number; top10: number; absentNoClose: number };
}
const SETS: Set[] = [
  // Cantonese readings cost one absent query: "tou thao" finds 刘涛, read Tao and Tou.
  { folder: 'search-set', floors: { first: 0.99, top10: 1, absentNoClose: 0.98 } },
  { folder: 'search-set/held-out', floors: { first: 0.95, top10: 0.95, absentNoClose: 0.97 } },
];

const now = Date.parse('2026-11-22T18:00:00.000Z');
const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

describe.each(SETS)('the test set in tests/$folder', ({ folder, floors }) => {
  const records = read<{ id: string; name: string; city: string }[]>(`./${folder}/records.json`);
  const queries = read<{ q: string; kind: string; expect: string | null }[]>(`./${folder}/queries.json`);
  let store: Awaited<ReturnType<typeof tempDatabase>>;

  beforeAll(async () => {
    store = await tempDatabase();
    // Posted over the last three and a half days, in an order unrelated to the ids or the communities.
    const rows = records.map((record, i) => {
      const post = { name: record.name, lastSeenCity: record.city };
      const age = ((i * 7919) % records.length) * 5 * 60_000;
      return { ...post, ...searchFields(post), id: record.id, description: 'Search test set', createdAt: new Date(now - age).toISOString() };
    });
    for (let start = 0; start < rows.length; start += 250) await store.db.insert(lostFoundPosts).values(rows.slice(start, start + 250));
  });
  afterAll(() => store?.close());

  it('finds the record each query names, and no close match for someone not on the board', async () => {
    const names = new Map(records.map((record) => [record.id, record.name]));
    const byKind = new Map<string, { n: number; first: number; top10: number }>();
    const misses: string[] = [];
    for (const { q, kind, expect: wanted } of queries) {
      const found = await search(store.db, q, now, { before: undefined, county: null }, 10);
      const tally = byKind.get(kind) ?? { n: 0, first: 0, top10: 0 };
      byKind.set(kind, tally);
      tally.n++;
      // For the absent, "first" counts no close match and "top10" nothing at all.
      const first = wanted ? found[0]?.post.id === wanted : !found.some((hit) => hit.close);
      const top10 = wanted ? found.some((hit) => hit.post.id === wanted) : found.length === 0;
      tally.first += Number(first);
      tally.top10 += Number(top10);
      if (!first)
        misses.push(
          `${kind.padEnd(12)} ${JSON.stringify(q).padEnd(36)} wanted ${wanted ? names.get(wanted) : '(nobody)'}${top10 ? ' (in the top 10)' : ''}; first: ${found[0]?.post.name ?? '(nothing)'}`,
        );
    }

    const rate = (k: number, n: number) => (n ? k / n : 1);
    const named = [...byKind].filter(([kind]) => kind !== 'absent');
    const all = named.reduce((sum, [, t]) => ({ n: sum.n + t.n, first: sum.first + t.first, top10: sum.top10 + t.top10 }), { n: 0, first: 0, top10: 0 });
    const absent = byKind.get('absent') ?? { n: 0, first: 0, top10: 0 };
    const measured = { first: rate(all.first, all.n), top10: rate(all.top10, all.n), absentNoClose: rate(absent.first, absent.n) };
    const percent = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
    const table = [
      `${'kind'.padEnd(12)} ${'queries'.padStart(7)} ${'first'.padStart(7)} ${'top 10'.padStart(7)}`,
      ...named.map(([kind, t]) => `${kind.padEnd(12)} ${String(t.n).padStart(7)} ${percent(rate(t.first, t.n))} ${percent(rate(t.top10, t.n))}`),
      `${'all named'.padEnd(12)} ${String(all.n).padStart(7)} ${percent(measured.first)} ${percent(measured.top10)}`,
      `${'absent'.padEnd(12)} ${String(absent.n).padStart(7)} ${percent(measured.absentNoClose)} no close match, ${percent(rate(absent.top10, absent.n))} nothing at all`,
    ];
    console.log(`Search test set tests/${folder}: ${records.length} records, ${queries.length} queries\n${table.join('\n')}`);
    if (process.env.SEARCH_SET_REPORT) console.log(`Misses (query, the record wanted, what came first):\n${misses.join('\n')}`);

    expect(measured.first).toBeGreaterThanOrEqual(floors.first);
    expect(measured.top10).toBeGreaterThanOrEqual(floors.top10);
    expect(measured.absentNoClose).toBeGreaterThanOrEqual(floors.absentNoClose);
  });
});
