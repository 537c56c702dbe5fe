import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Created, LostFoundPost } from '../../src/common/contract/index.ts';
import { fakePost, post, usePhone } from './chromium.ts';

/**
 * Finding someone on /lost-found: the search box lists the records found in the board's cards,
 * each linking to its page; a search that finds no one offers to post; the post form shows the
 * records already posted under the name being typed; without JavaScript the same form posts to
 * the server's results page. What was typed never enters an address.
 */
// The service worker runs: a search must leave no trace in what it keeps.
const { open, context } = usePhone({ serviceWorkers: 'allow' });
let maria: Created<LostFoundPost>;

beforeAll(async () => {
  const response = await post('/api/lost-found', { name: 'María José Hernández', lastSeenCity: 'Fresno', lastSeenDate: '2026-11-01' });
  expect(response.status).toBe(201);
  maria = (await response.json()) as Created<LostFoundPost>;
});

/** The board on a phone, with the address of every request it makes from now on. */
async function board(path = '/lost-found'): Promise<{ page: Page; urls: string[] }> {
  const urls: string[] = [];
  const page = await open(path, { ready: '.board-list[aria-busy="false"]', before: (page) => page.on('request', (request) => urls.push(request.url())) });
  return { page, urls };
}
const status = (page: Page) => page.locator('.search-status');
/** Addresses of pages (not of API calls) that carry `typed`. */
const pagesWith = (urls: string[], typed: string) => urls.filter((url) => !url.includes('/api/') && decodeURIComponent(url).toLowerCase().includes(typed));

it('typing a name lists the record in the board’s card, linking to its page; clearing brings back the newest posts', async () => {
  const { page, urls } = await board();
  await page.waitForFunction(() => navigator.serviceWorker.controller);
  await page.fill('input[type="search"]', 'maria jose');
  // No button pressed: the search runs once typing pauses.
  await expect.poll(() => status(page).textContent()).toMatch(/^\d+ results? for “\u2068maria jose\u2069”$/);
  const card = page.locator('.posts > li', { has: page.locator(`a[href="/person/${maria.id}"]`) });
  expect(await card.locator('h3 a').textContent()).toBe('María José Hernández');
  expect(await card.locator('.post-meta').textContent()).toContain('Fresno · Nov 1, 2026');
  expect(await page.locator('.board-list h2').textContent()).toBe('Search results');

  await page.fill('input[type="search"]', 'fresno maria');
  await page.click('form[role="search"] button[type="submit"]');
  await expect.poll(() => status(page).textContent()).toContain('for “\u2068fresno maria\u2069”');
  expect(await card.count()).toBe(1);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect.poll(() => page.locator('.board-list h2').textContent()).toBe('Recent posts');
  expect(await status(page).textContent()).toBe('');
  expect(await page.inputValue('input[type="search"]')).toBe('');
  expect(pagesWith(urls, 'maria')).toEqual([]);
  // The service worker keeps the board's reads for offline use, but no search: no name typed stays on the phone.
  const kept = await page.evaluate(async () => (await (await caches.open('data-v2')).keys()).map((request) => request.url));
  expect(kept.some((url) => url.includes('/api/lost-found?limit='))).toBe(true);
  expect(kept.filter((url) => url.includes('q='))).toEqual([]);
  await page.context().close();
});

it('a search that finds no one offers to post, with the name in the post form', async () => {
  const { page } = await board('/es/lost-found');
  await page.fill('input[type="search"]', 'Zyxwv Qorbel');
  await page.click('form[role="search"] button[type="submit"]');
  await expect.poll(() => page.locator('.no-match').textContent()).toContain('Todavía no hay nadie con ese nombre.');
  expect(await status(page).textContent()).toBe('0 resultados para “\u2068Zyxwv Qorbel\u2069”');
  expect(await page.getAttribute('.no-match a', 'href')).toBe('/es/submit-missing');
  await page.getByRole('button', { name: 'Publicar a esta persona como desaparecida' }).click();
  const name = page.locator('.board-form [name="name"]');
  await expect.poll(() => name.inputValue()).toBe('Zyxwv Qorbel');
  expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.context().close();
});

it('the post form shows records already posted under the name being typed, and posting stays open', async () => {
  const { page } = await board();
  const name = page.locator('.board-form [name="name"]');
  await name.pressSequentially('Ma');
  await page.waitForTimeout(700);
  expect(await page.locator('.matches').textContent()).toBe('');
  await name.pressSequentially('ría José');
  const match = page.locator(`.matches a[href="/person/${maria.id}"]`);
  await match.waitFor();
  expect(await page.locator('.matches').textContent()).toContain('Is this who you are looking for?');
  expect(await page.locator('.matches').textContent()).toContain('You can still post a new record.');
  // It opens in a new tab, so what was typed here stays.
  expect(await match.getAttribute('target')).toBe('_blank');
  expect(await page.locator('.board-form button[type="submit"]').isEnabled()).toBe(true);
  await page.context().close();
});

it('once the last-seen place is a California place, the possible matches are only those of its county', async () => {
  const ids: Record<string, string> = {};
  for (const city of ['Fresno', 'Los Angeles']) {
    const response = await post('/api/lost-found', { name: 'Itzel Quetzalli Ramírez', lastSeenCity: city, lastSeenDate: '2026-11-02' });
    ids[city] = ((await response.json()) as Created<LostFoundPost>).id;
  }
  const { page } = await board();
  const shown = () => page.locator('.matches a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  await page.locator('.board-form [name="name"]').pressSequentially('itzel quetzalli');
  await expect.poll(async () => (await shown()).sort()).toEqual([`/person/${ids.Fresno}`, `/person/${ids['Los Angeles']}`].sort());
  // A ZIP code is a place too: 93701 is in Fresno County.
  const city = page.locator('.board-form [name="lastSeenCity"]');
  await city.pressSequentially('93701');
  await expect.poll(shown).toEqual([`/person/${ids.Fresno}`]);
  await city.fill('Oakland');
  await expect.poll(shown).toEqual([]);
  await page.context().close();
});

it('while more results wait behind "Show more", the count says "at least"; once all are in, the number', async () => {
  // 21 records found, answered here as the server would (ranked pages ask for more at once), so
  // the board's database is not filled with them.
  const found = Array.from({ length: 21 }, (_, n) => fakePost('Yaretzi Quintanilla', n));
  const { page } = await board();
  await page.route(/\/api\/lost-found\?.*q=/, (route) => route.fulfill({ json: found.slice(0, Number(new URL(route.request().url()).searchParams.get('limit'))) }));
  await page.fill('input[type="search"]', 'yaretzi quintanilla');
  await expect.poll(() => status(page).textContent()).toBe('At least 20 results for “\u2068yaretzi quintanilla\u2069”');
  const more = page.getByRole('button', { name: 'Show more' });
  // "Show more" draws the loaded cards first, then asks for more; it is gone once all are in.
  await expect
    .poll(async () => {
      await more.click({ timeout: 1000 }).catch(() => undefined);
      return status(page).textContent();
    })
    .toBe('21 results for “\u2068yaretzi quintanilla\u2069”');
  await page.context().close();
});

it('the home page’s "Find someone missing" lands in the search box', async () => {
  const page = await open('/');
  await page.click('a[href="/lost-found#search"]');
  await page.waitForURL('**/lost-found#search');
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
  await page.context().close();
});

it('without JavaScript the search form posts and lists the records, linking to their pages', async () => {
  const phone = await context({ javaScriptEnabled: false });
  const urls: string[] = [];
  phone.on('request', (request) => urls.push(request.url()));
  const page = await phone.newPage();
  await page.goto('/es/lost-found');
  await page.fill('form[role="search"] [name="q"]', 'maria jose');
  await page.click('form[role="search"] button[type="submit"]');
  await page.waitForURL('**/api/lost-found/search');
  expect(await page.locator('h1').textContent()).toMatch(/resultados? para “\u2068maria jose\u2069”/);
  expect(await page.locator(`a[href="/es/person/${maria.id}"]`).textContent()).toBe('María José Hernández');
  expect(await page.inputValue('[name="q"]')).toBe('maria jose');
  expect(urls.filter((url) => decodeURIComponent(url).toLowerCase().includes('maria'))).toEqual([]);
  await phone.close();
});
