/**
 * Concurrent posts on a real libSQL file, each from an address of its own (so under the rate
 * limit), through the form door of a page without scripts (so under pressure no proof of work
 * stands in the way): every acknowledged post is a row, none twice, none lost. `npm test` sends LOAD_POSTS posts at once (1,000 by default); `npm run fuzz` sends 10,000.
 */
import { expect, it } from 'vitest';
import { testApp } from './test-app.ts';

const POSTS = Number(process.env.LOAD_POSTS ?? 1000);

it(`${POSTS} concurrent lost-and-found posts make exactly ${POSTS} rows`, async () => {
  const api = await testApp();
  try {
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from(
        { length: POSTS },
        async (_, index) =>
          (
            await api.app.request('/api/lost-found', {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-address': `10.0.${index >> 8}.${index & 255}` },
              body: new URLSearchParams({ form: 'lostFound', lang: 'en', name: `Load ${index}`, lastSeenCity: 'Fresno' }).toString(),
            })
          ).status,
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${POSTS} concurrent posts in ${seconds.toFixed(1)} s (${Math.round(POSTS / seconds)}/s)`);
    expect(statuses.filter((status) => status === 201).length).toBe(POSTS);
    expect(await api.count('lost_found_posts')).toBe(POSTS);
    expect(Number((await api.store.client.execute('select count(distinct name) as n from lost_found_posts')).rows[0]!.n)).toBe(POSTS);
  } finally {
    api.close();
  }
}, 120_000);
