import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { afterEach, beforeEach, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { searchFields } from '../../db/search-fields.ts';
import { startLibsqlHttpServer } from '../../tests/libsql-http-server.ts';
import { tempDatabase } from '../../tests/temp-db.ts';
import { search, tidySearchIndex } from './person-search.ts';

let store: Awaited<ReturnType<typeof tempDatabase>>;
beforeEach(async () => {
  store = await tempDatabase();
});
afterEach(() => store.close());

it("finds names by typo, sound, nickname and script through Turso's protocol too (the worker's database), and merges its index there", async () => {
  const server = await startLibsqlHttpServer(store.file);
  const client = createClient({ url: server.url });
  try {
    const db = drizzle(client, { schema });
    const now = Date.parse('2026-11-22T18:00:00.000Z');
    const names = ['María Guadalupe Hernández López', 'Francisco Javier Ramírez', '王小明', 'ਹਰਜੀਤ ਕੌਰ', 'Park Ji-hoon'];
    // Written through the protocol, so its triggers fill the index and the words' shorter forms there.
    await db.insert(schema.lostFoundPosts).values(names.map((name, index) => ({ id: `r${index}`, name, ...searchFields({ name }), createdAt: new Date(now).toISOString() })));
    const first = async (query: string) => (await search(db, query, now, { before: undefined, county: null }, 10))[0];
    expect((await first('maria hernandes'))?.post.name).toBe('María Guadalupe Hernández López');
    expect(await first('hernnadez lopez')).toMatchObject({ post: { name: 'María Guadalupe Hernández López' }, close: false, match: { kind: 'similar' } });
    expect(await first('paco ramirez')).toMatchObject({ post: { name: 'Francisco Javier Ramírez' }, match: { kind: 'nickname', short: 'Paco', full: 'Francisco' } });
    expect(await first('wang xiaoming')).toMatchObject({ post: { name: '王小明' }, match: { kind: 'written', as: 'Wang Xiaoming' } });
    expect((await first('harjit kaur'))?.post.name).toBe('ਹਰਜੀਤ ਕੌਰ');
    expect((await first('pak jihoon'))?.post.name).toBe('Park Ji-hoon');
    await tidySearchIndex(db);
    expect((await first('maria hernandes'))?.post.name).toBe('María Guadalupe Hernández López');
  } finally {
    client.close();
    await server.close();
  }
});
