import { expect, it } from 'vitest';
import type { LostFoundPost } from '../../src/common/contract/index.ts';
import ar from '../../src/common/i18n/ar.json';
import { QUICK_EXIT_URL } from '../../src/site-config.ts';
import { hydrated, ownServer, toast, usePhone } from './chromium.ts';

const { context: newContext } = usePhone({ serviceWorkers: 'allow' });

it('after one online visit, /sos and the visited pages read offline; a form sent offline says so and keeps what was typed', async () => {
  // A server of its own: another file's post, heard live, would refresh the board between the visit and the check.
  const server = await ownServer({ sample: true });
  const context = await newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/ar/lost-found');
  // The service worker takes over, keeps this language's /sos, and sees the page once more.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => !!(await caches.match('/ar/sos'))), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await page.waitForSelector('.posts > li');
  // The cards come with the page; its scripts (kept by the service worker as they load) come after
  // its first paint, and the board's island wakes when the phone is idle: both before going offline.
  await hydrated(page);
  await page.waitForFunction(() => customElements.get('language-menu') && customElements.get('live-events'));
  const firstPost = await page.locator('.posts > li h3').first().textContent();

  await context.setOffline(true);
  await page.goto('/ar/sos');
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.textContent('h1')).toBe(ar['sos.title']);
  expect(await page.locator('offline-notice').isVisible()).toBe(true);

  await page.goto('/ar/lost-found');
  await hydrated(page);
  await expect.poll(() => page.locator('.posts > li h3').first().textContent()).toBe(firstPost);

  await page.fill('.board-form [name="name"]', 'Offline Test');
  await page.fill('.board-form [name="lastSeenCity"]', 'Arvin');
  await page.click('.board-form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain(ar['offline.formText']);
  expect(await page.inputValue('.board-form [name="name"]')).toBe('Offline Test');
  expect(await page.inputValue('.board-form [name="lastSeenCity"]')).toBe('Arvin');

  // The board came with its cards, kept with the page; of the API only reads were kept: no write, and nothing from the live room.
  expect(await page.evaluate(async () => !!(await caches.match('/ar/lost-found')))).toBe(true);
  const kept = await page.evaluate(async () => (await (await caches.open('data-v2')).keys()).map((request) => new URL(request.url).pathname));
  expect(kept.every((path) => path.startsWith('/api/') && !path.startsWith('/parties/'))).toBe(true);

  await context.setOffline(false);
  // The answer that stores it (a first one may ask for the proof of work, which the page then sends).
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/lost-found') && response.status() !== 428);
  await page.click('.board-form button[type="submit"]');
  expect((await posted).status()).toBe(201);
  await expect.poll(() => toast(page).textContent()).toContain(ar['lostFound.success']);
  await context.close();
  // The service worker's install, two visits and a proof of work on a busy machine take their time.
}, 60_000);

it('never keeps which person a family looked up, and Quick exit empties what was kept', async () => {
  const context = await newContext();
  const page = await context.newPage();
  await page.route(`${new URL(QUICK_EXIT_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Sunny</p>' }));
  await page.goto('/lost-found');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForSelector('.posts > li');
  const [person] = (await (await context.request.get('/api/lost-found')).json()) as LostFoundPost[];

  await page.goto(`/es/person/${person!.id}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('astro-island:not([ssr]) .person');
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  /** Every address Cache Storage holds, cache by cache. */
  const kept = () =>
    page.evaluate(async () =>
      (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url)))))
        .flat()
        .map((url) => url.pathname + url.search),
    );
  // The board's page (with its cards) is kept for offline; the record, its data and its page are not.
  await expect.poll(async () => await kept()).toContain('/lost-found');
  const held = await kept();
  expect(held.filter((address) => address.includes(person!.id) || /^(\/[^/]+)?\/person(\?|$)/.test(address))).toEqual([]);

  await page.click('a.quick-exit');
  await page.waitForURL((url) => url.href.startsWith(QUICK_EXIT_URL));
  // Back on this site (a file the worker never keeps): nothing of the visit is left to read.
  await page.goto('/sw.js');
  expect(await kept()).toEqual([]);
  await context.close();
});
