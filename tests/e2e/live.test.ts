import { expect, it } from 'vitest';
import es from '../../src/common/i18n/es.json';
import { connected, ownServer, post, toast, usePhone } from './chromium.ts';

const { open } = usePhone();

it('a post on one page shows on another page: a destructive toast in its language, and in its list', async () => {
  const [poster, watcher] = [await open('/lost-found'), await open('/es/lost-found')];
  await Promise.all([connected(poster), connected(watcher)]);

  const name = `Live Test ${Date.now()}`;
  await poster.locator('.board-form [name="name"]').fill(name);
  await poster.locator('.board-form [name="lastSeenCity"]').fill('Watsonville');
  await poster.click('.board-form button[type="submit"]');

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
  const server = await ownServer({ sample: true });
  const page = await open('/', { baseURL: server.url });
  await connected(page);
  await server.stop();
  await page.waitForSelector('live-events:not([data-connected])', { state: 'attached' });
  await server.restart();
  await connected(page);

  expect((await post('/api/lost-found', { name: 'After Restart', lastSeenCity: 'Gilroy' }, server.url)).status).toBe(201);
  await expect.poll(() => toast(page).textContent(), { timeout: 5000 }).toContain('After Restart was last seen in Gilroy.');
  await page.context().close();
});
