import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import es from '../../src/i18n/es.json';
import { launchChromium, PHONE } from './chromium.ts';
import { startServer } from './start-server.ts';

const baseURL = inject('baseURL');
const phone = { ...PHONE, baseURL };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function open(path: string, origin?: string): Promise<Page> {
  const page = await (await browser.newContext({ ...phone, ...(origin ? { baseURL: origin } : {}) })).newPage();
  await page.goto(path);
  return page;
}

const connected = (page: Page) => page.waitForSelector('live-events[data-connected]', { state: 'attached', timeout: 20_000 });
const toast = (page: Page) => page.locator('toast-region .toast');

it('a post on one page shows on another page: a destructive toast in its language, and in its list', async () => {
  const [poster, watcher] = [await open('/lost-found'), await open('/es/lost-found')];
  await Promise.all([connected(poster), connected(watcher)]);
  await poster.waitForSelector('astro-island:not([ssr])');

  const name = `Live Test ${Date.now()}`;
  await poster.locator('form [name="name"]').fill(name);
  await poster.locator('form [name="lastSeenCity"]').fill('Watsonville');
  await poster.click('form button[type="submit"]');

  await expect.poll(() => toast(watcher).textContent(), { timeout: 5000 }).toContain(es['live.missingTitle']);
  expect(await toast(watcher).textContent()).toContain(es['live.missingText'].replace('{name}', name).replace('{city}', 'Watsonville'));
  expect(await toast(watcher).getAttribute('data-variant')).toBe('destructive');
  // The watcher's list shows the new post without a reload.
  await expect.poll(() => watcher.locator('.posts > li h3').first().textContent()).toContain(name);
  // The poster keeps their own success message rather than an alert about their own post.
  await poster.waitForTimeout(500);
  expect(await toast(poster).textContent()).toContain('Post created successfully');
  await poster.context().close();
  await watcher.context().close();
});

it('the listener reconnects after the server restarts', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'fhr-restart-'));
  let server = await startServer(folder);
  try {
    const page = await open('/', server.url);
    await connected(page);
    const port = Number(new URL(server.url).port);
    await server.stop();
    await page.waitForSelector('live-events:not([data-connected])', { state: 'attached' });
    server = await startServer(folder, { port });
    await connected(page);

    const response = await fetch(`${server.url}/api/lost-found`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'After Restart', lastSeenCity: 'Gilroy' }),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => toast(page).textContent(), { timeout: 5000 }).toContain('After Restart was last seen in Gilroy.');
    await page.context().close();
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
