import exifr from 'exifr';
import { expect, it } from 'vitest';
import { phonePhoto } from '../photo-fixture.ts';
import { toast, usePhone } from './chromium.ts';

const { open } = usePhone();

it('reports a missing person with a photo: stripped, shown on /lost-found at once', async () => {
  const page = await open('/submit-missing');
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/lost-found')) posted.push(request.postData() ?? '');
  });
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain("Please enter the missing person's name.");
  const name = `Tomás Reyes ${Date.now()}`;
  await page.fill('input[name="name"]', name);
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Contact required');
  expect(posted).toEqual([]);

  expect(await page.locator('.file-button').textContent()).toContain('Upload Photo');
  await page.setInputFiles('input[type="file"]', { name: 'tomas.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(120, 160) });
  await expect.poll(() => page.locator('.photo-preview').textContent()).toContain('Photo uploaded successfully');
  expect(await page.locator('.file-button').textContent()).toContain('Change Photo');
  await page.fill('input[name="lastSeenCity"]', 'Delano');
  await page.fill('input[name="contact"]', '(661) 555-0150');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Missing person report submitted');
  // Not an empty form: what happened, and where the report is now.
  const done = page.locator('.posted-notice');
  expect(await done.locator('h2').textContent()).toBe('Missing person report submitted');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
  expect(await done.textContent()).toContain('The report is on the Lost and Found board now.');
  expect(await done.getByRole('link', { name: 'See it on the Lost and Found board' }).getAttribute('href')).toBe('/lost-found');
  expect(await done.getByRole('link', { name: 'My posts' }).getAttribute('href')).toBe('/manage');
  await done.getByRole('button', { name: 'Report another person' }).click();
  expect(await page.inputValue('input[name="name"]')).toBe('');
  expect(await page.locator('.photo-preview').count()).toBe(0);

  const board = await open('/lost-found');
  const card = board.locator('.posts > li', { hasText: name });
  await expect.poll(() => card.count()).toBe(1);
  const src = await card.locator('img.post-photo').getAttribute('src');
  expect(src).toMatch(/^\/images\/missing-persons\/[0-9a-f-]{36}$/);
  expect(await exifr.parse(await (await board.request.get(src!)).body(), { gps: true })).toBeUndefined();
  for (const p of [page, board]) await p.context().close();
});

it('refuses a photo over 10 MB on the phone, before any upload', async () => {
  const page = await open('/lost-found');
  const uploads: string[] = [];
  page.on('request', (request) => request.url().includes('/api/upload') && uploads.push(request.url()));
  await page.setInputFiles('input[type="file"]', { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10_485_761) });
  await expect.poll(() => toast(page).textContent()).toContain('10 MB');
  expect(uploads).toEqual([]);
  await page.context().close();
});

it('My posts with no posts yet offers the ways to post', async () => {
  const page = await open('/es/manage');
  await page.locator('.cta-buttons').waitFor();
  const links = await page.locator('main .cta-buttons a').evaluateAll((found) => found.map((link) => link.getAttribute('href')));
  expect(links).toEqual(['/es#help-boxes', '/es/submit-missing']);
  await page.context().close();
});
