/**
 * The security headers on the Node host: on a page, an API answer, a media file, the 404 page and
 * a static file; every built page's policy allows exactly its own inline scripts; and in Chromium
 * no page (islands hydrated, the header's Request Help dialog open, the live socket connected)
 * breaks its policy or asks anything of another origin.
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inlineScriptHashes, NON_PAGE_POLICY } from '../../src/common/security-headers.ts';
import { DEFAULT_LANG, langFromPath } from '../../src/common/i18n/languages.ts';
import { phonePhoto } from '../photo-fixture.ts';
import { connected, everyIslandTried, hydrated, post, usePhone } from './chromium.ts';
import { allowedHashes, expectSecured } from './secured.ts';

const phone = usePhone();
const { baseURL } = phone;
const clientDir = 'dist/client';

/** Every built page's path: "/", "/jobs", "/es/jobs", … */
const pagePaths = readdirSync(clientDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('index.html'))
  .map((file) => `/${file.replace(/\/?index\.html$/, '')}`)
  .sort();

it('a page, an API answer, a media file, the 404 page and a script all carry the security headers', async () => {
  const page = await fetch(`${baseURL}/lost-found`);
  const csp = expectSecured(page);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("img-src 'self' blob: data:");
  expect(allowedHashes(csp)).toEqual((await inlineScriptHashes(await page.text())).sort());

  expectSecured(await fetch(`${baseURL}/api/lost-found`), NON_PAGE_POLICY);
  expectSecured(await fetch(`${baseURL}/api/no-such-thing`), NON_PAGE_POLICY);

  const asked = await post('/api/upload', { type: 'alert-photos' });
  expectSecured(asked, NON_PAGE_POLICY);
  const { uploadURL } = (await asked.json()) as { uploadURL: string };
  const put = await fetch(`${baseURL}${uploadURL}`, { method: 'PUT', body: new Uint8Array(await phonePhoto()) });
  const { url } = (await put.json()) as { url: string };
  const photo = await fetch(`${baseURL}${url}`);
  expect(photo.headers.get('content-type')).toBe('image/jpeg');
  expectSecured(photo, NON_PAGE_POLICY);

  const missing = await fetch(`${baseURL}/es/no-such-page`);
  expect(missing.status).toBe(404);
  expect(allowedHashes(expectSecured(missing))).toEqual((await inlineScriptHashes(await missing.text())).sort());

  const html = await (await fetch(`${baseURL}/`)).text();
  const script = /<script[^>]+src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? /import\("?(\/_astro\/[^")]+\.js)/.exec(html)?.[1];
  expect(script).toBeDefined();
  expectSecured(await fetch(`${baseURL}${script}`));
});

it('every page in every language allows exactly the inline scripts it carries', async () => {
  expect(pagePaths.length).toBeGreaterThan(100);
  for (const path of pagePaths) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(200);
    const csp = expectSecured(response);
    expect(allowedHashes(csp), path).toEqual((await inlineScriptHashes(await response.text())).sort());
  }
});

/**
 * Opens a page that records every policy violation, console error and request it makes, from
 * `path` on; `next(path)` takes the same page to another path, with the records begun anew.
 */
async function watched(path: string) {
  const problems: string[] = [];
  const requests: string[] = [];
  const page = await phone.open(path, {
    async before(page) {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /content security policy/i.test(message.text())) problems.push(message.text());
      });
      page.on('request', (request) => requests.push(request.url()));
      page.on('websocket', (socket) => requests.push(socket.url()));
    },
  });
  async function next(path: string) {
    problems.length = 0;
    requests.length = 0;
    await page.goto(path);
    await hydrated(page);
  }
  return { page, problems, requests, next };
}

/** Lets every island load (each scrolled into view, for client:visible) and the live socket connect. */
async function settle(page: Page) {
  await connected(page);
  await everyIslandTried(page);
  if (await page.locator('astro-island').count()) expect(await page.locator('astro-island:not([ssr])').count()).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
}

async function expectClean(watch: Awaited<ReturnType<typeof watched>>, path: string) {
  const violations = await watch.page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  expect([...violations, ...watch.problems], path).toEqual([]);
  const origin = new URL(baseURL).host;
  expect(
    watch.requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).host !== origin),
    path,
  ).toEqual([]);
}

it('no page breaks its policy or reaches another origin: every route in English, others in Arabic and Spanish', async () => {
  const english = pagePaths.filter((path) => langFromPath(path) === DEFAULT_LANG);
  const paths = [...english, '/ar', '/es/lost-found', '/ar/ice-reports'];
  // Four phones at a time, each going from page to page (a fresh phone for each page cost three
  // times the processor time).
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      const lanePaths = paths.filter((_, index) => index % 4 === lane);
      const watch = await watched(lanePaths[0]!);
      for (const [step, path] of lanePaths.entries()) {
        if (step > 0) await watch.next(path);
        await settle(watch.page);
        await expectClean(watch, path);
      }
      await watch.page.context().close();
    }),
  );
}, 120_000);

it('the header Request Help dialog loads and sends a request without breaking the policy', async () => {
  const watch = await watched('/jobs');
  await settle(watch.page);
  await watch.page.locator('.site-header').getByRole('button', { name: 'Request Help' }).click();
  const form = watch.page.locator('dialog[open]');
  await form.locator('[name="title"]').waitFor();
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'coat.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(160, 120) });
  await expect.poll(() => form.locator('.media-state').textContent()).toBe('Uploaded');
  // The preview is a blob: image, which the policy allows.
  await expect.poll(() => form.locator('img[src^="blob:"]').count()).toBeGreaterThan(0);
  await expectClean(watch, 'Request Help');
  await watch.page.context().close();
});
