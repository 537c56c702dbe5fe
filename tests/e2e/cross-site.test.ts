/**
 * Attack 7 in a real browser: a page on another site (a tiny server of the test's own) holds our
 * enforcement report form, filled in with the attacker's words, and submits it as soon as it
 * opens, as any busy website could for each of its visitors. Headless Chromium sends what it
 * sends; the real server must store nothing, while the same form on our own page, with scripts
 * off, still posts. tests/adversary/cross-site-post.test.ts tries the same headers on the app.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it, onTestFinished } from 'vitest';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import { ownServer, usePhone } from './chromium.ts';

const { context } = usePhone({ javaScriptEnabled: false });

const WORDS = 'Checkpoint at the school gate, stay home';

/** The hostile page: our form's fields, hidden, posted to `target` the moment it loads. */
const hostilePage = (target: string, referrer: string) => `<!doctype html><html><head><meta name="referrer" content="${referrer}"></head><body>
<form method="post" action="${target}/api/alerts">
<input type="hidden" name="form" value="iceReport"><input type="hidden" name="lang" value="es">
<input type="hidden" name="activity" value="Checkpoint or traffic stop"><input type="hidden" name="details" value="${WORDS}">
<input type="hidden" name="city" value="Fresno"><input type="hidden" name="precision" value="BROAD">
</form><script>document.forms[0].submit()</script></body></html>`;

/** Serves `html` at / from `host` on a free port, until the test finishes; answers its origin. */
async function otherSite(host: string, html: string): Promise<string> {
  const server: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return `http://${host}:${port}`;
}

/** How many reports the server's database file holds. */
async function reports(folder: string): Promise<number> {
  const database = createClient({ url: `file:${join(folder, 'app.db')}` });
  try {
    return Number((await database.execute('select count(*) as n from alerts')).rows[0]!.n);
  } finally {
    database.close();
  }
}

describe('a form another site submits to ours', () => {
  it.each([
    ['another site', '127.0.0.2', 'strict-origin-when-cross-origin'],
    ['another site that hides its origin (Origin: null)', '127.0.0.2', 'no-referrer'],
    // localhost on another port: the same site to a browser, but not our page.
    ['a sibling on our host', 'localhost', 'strict-origin-when-cross-origin'],
  ])('stores nothing when it comes from %s, and tells the visitor in the form language', async (_who, host, referrer) => {
    const server = await ownServer();
    const hostile = await otherSite(host, hostilePage(server.url, referrer));
    // The attacker's page runs its script; only our pages are visited without.
    const browser = await context({ javaScriptEnabled: true });
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    const answered = page.waitForResponse(`${server.url}/api/alerts`);
    await page.goto(hostile, { waitUntil: 'commit' });
    const answer = await answered;
    expect(answer.status()).toBe(403);
    await page.waitForURL(`${server.url}/api/alerts`);
    expect(await page.locator('h1').textContent()).toBe(es['form.crossSiteTitle']);
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.content()).not.toContain(WORDS);
    expect(await reports(server.folder)).toBe(0);
  });

  it('still takes the same form from our own page, with scripts off', async () => {
    const server = await ownServer();
    const browser = await context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto(`${server.url}/ice-reports`);
    await page.selectOption('form [name="activity"]', 'Checkpoint or traffic stop');
    await page.fill('form [name="details"]', 'Agents at the flea market');
    await page.fill('form [name="city"]', 'Fresno');
    const answered = page.waitForResponse(`${server.url}/api/alerts`);
    await page.click('form button[type="submit"]');
    const answer = await answered;
    // What our own page's post says about itself: Origin null (the site's no-referrer policy), same-origin.
    expect(await answer.request().headerValue('sec-fetch-site')).toBe('same-origin');
    expect(answer.status()).toBe(201);
    expect(await page.locator('h1').textContent()).toBe(en['ice.success']);
    expect(await reports(server.folder)).toBe(1);
  });
});
