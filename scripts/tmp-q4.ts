import { createClient } from '@libsql/client';
const client = createClient({ url: 'file:/tmp/prof/opt.db' });
await client.execute(`DROP TABLE IF EXISTS s3`);
await client.execute(
  `CREATE VIRTUAL TABLE s3 USING fts5(name, city, created_at UNINDEXED, lives_from UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8')`,
);
await client.execute(
  `INSERT INTO s3 (rowid, name, city, created_at, lives_from) SELECT k.key, coalesce(p.search_name, p.name), coalesce(p.search_city, p.last_seen_city, ''), p.created_at, coalesce(p.renewed_at, p.created_at) FROM lost_found_search_keys k JOIN lost_found_posts p ON p.id = k.post_id`,
);
const terms = ['maria', 'jose', 'hernandez'];
const match = terms.map((t) => `"${t}"*`).join(' AND ');
const words = terms.map((t) => `(' ' || c.name || ' ' LIKE '% ${t} %') + (' ' || c.name LIKE '% ${t}%')`).join(' + ');
const oldQ = `SELECT p.* FROM lost_found_posts p JOIN (SELECT c.id AS id, row_number() OVER (ORDER BY ${words} DESC, c.created_at DESC, c.id DESC) AS rank FROM (
      SELECT p.id AS id, p.created_at AS created_at, coalesce(p.search_name, p.name) AS name FROM lost_found_search
      JOIN lost_found_search_keys k ON k.key = lost_found_search.rowid
      JOIN lost_found_posts p ON p.id = k.post_id
      WHERE lost_found_search MATCH '${match}' AND p.hidden = 0 AND coalesce(p.renewed_at, p.created_at) > '2020-01-01'
      ORDER BY lost_found_search.rowid DESC LIMIT 200) AS c) AS hits ON hits.id = p.id ORDER BY hits.rank LIMIT 20`;
const newQ = `SELECT p.* FROM (SELECT c.key AS key FROM (
      SELECT rowid AS key, created_at, name FROM s3 WHERE s3 MATCH '${match}' AND lives_from > '2020-01-01'
      ORDER BY rowid DESC LIMIT 200) AS c ORDER BY ${words} DESC, c.created_at DESC, c.key DESC LIMIT 20) AS hits
      JOIN lost_found_search_keys k ON k.key = hits.key JOIN lost_found_posts p ON p.id = k.post_id`;
for (const [label, q] of [
  ['old', oldQ],
  ['new', newQ],
  ['old', oldQ],
  ['new', newQ],
]) {
  for (let i = 0; i < 20; i++) await client.execute(q);
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await client.execute(q);
  const r = await client.execute(q);
  console.log(
    label,
    ((performance.now() - t0) / 200).toFixed(3),
    r.rows.length,
    r.rows
      .slice(0, 3)
      .map((x) => x.id)
      .join(),
  );
}
console.log((await client.execute('EXPLAIN QUERY PLAN ' + newQ)).rows.map((r) => r.detail));
