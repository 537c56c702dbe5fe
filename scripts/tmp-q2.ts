import { openDatabase } from '../db/client.ts';
const { client } = await openDatabase('file:/tmp/prof/app.db');
const time = async (label: string, q: string, N = 200) => {
  for (let i = 0; i < 20; i++) await client.execute(q);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await client.execute(q);
  console.log(label.padEnd(30), ((performance.now() - t0) / N).toFixed(3), 'ms', JSON.stringify((await client.execute(q)).rows[0]));
};
await time('noop', 'SELECT 1');
for (const m of [
  '"maria"* AND "jose"* AND "hernandez"*',
  '"maria" AND "jose" AND "hernandez"',
  '"hernandez"* AND "maria"*',
  '"mari"* AND "fresno"*',
  '"hernandez"',
  '"maria"',
  '"maria"*',
  'name:"maria" AND name:"jose" AND name:"hernandez"',
]) {
  await time(`count ${m}`, `SELECT count(*) FROM lost_found_search WHERE lost_found_search MATCH '${m}'`);
  await time(`top200 ${m}`, `SELECT rowid FROM lost_found_search WHERE lost_found_search MATCH '${m}' ORDER BY rowid DESC LIMIT 200`);
}
await time(
  'join200',
  `SELECT p.id, p.created_at, coalesce(p.search_name,p.name) FROM lost_found_search JOIN lost_found_search_keys k ON k.key = lost_found_search.rowid JOIN lost_found_posts p ON p.id = k.post_id WHERE lost_found_search MATCH '"maria"* AND "jose"* AND "hernandez"*' AND p.hidden = 0 AND coalesce(p.renewed_at, p.created_at) > '2020-01-01' ORDER BY lost_found_search.rowid DESC LIMIT 200`,
);
