/**
 * The home page and /pulse: the community activity feed (GET /api/pulse) with its kinds and
 * URGENT badges, updating live (the feed drawn by the server: tests/e2e/boards.test.ts); the home
 * page's links, donate buttons and fixed figures.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { connected, post, usePhone } from './chromium.ts';
import en from '../../src/common/i18n/en.json' with { type: 'json' };
import ar from '../../src/common/i18n/ar.json' with { type: 'json' };

const { visit } = usePhone();
const withoutScripts = usePhone({ javaScriptEnabled: false });
/** A fresh phone context on `path`, with the scripts the page loaded (closed through `context.close()`). */
const open = (path: string, setup?: (context: BrowserContext, page: Page) => Promise<unknown>) => visit(path, { before: (page) => setup?.(page.context(), page) });

const items = (page: Page) => page.locator('.pulse-feed .feed-item');
const onlyPulse = (url: URL) => url.pathname === '/api/pulse';
/** Each figure of a fixed list as "value label". */
const figures = (page: Page, list: string) =>
  page
    .locator(`${list} li`)
    .evaluateAll((rows) => rows.map((row) => `${row.querySelector('strong')?.textContent} ${row.querySelector('span')?.textContent}`.replace(/[\u200e\u200f\u061c]/g, '')));
/** Where each kind of item leads. */
const BOARDS: Record<string, string> = {
  [en['feed.kindMissing']]: '/lost-found',
  [en['feed.kindAlert']]: '/alerts',
  [en['feed.kindRequest']]: '/#help-boxes',
  [en['feed.kindOffer']]: '/#help-boxes',
  [en['feed.kindJob']]: '/jobs',
  [en['feed.kindResource']]: '/resources',
  [en['feed.kindDrop']]: '/drops',
};
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('/pulse', () => {
  it('shows the newest posts of every board with their kinds and an URGENT badge on urgent ones', async () => {
    const details = `Checkpoint on Alisal St ${Date.now()}`;
    expect((await post('/api/alerts', { city: 'Salinas', type: 'Safety Checkpoint', details, precision: 'BROAD' })).status).toBe(201);

    const { context, page } = await open('/pulse');
    expect(await page.locator('h1').textContent()).toBe(en['pulse.title']);
    await page.waitForSelector('.pulse-feed .feed-item');

    const alert = items(page).filter({ hasText: details });
    expect(await alert.getAttribute('class')).toContain('urgent');
    expect(await alert.locator('.badge.danger').textContent()).toBe(en['feed.urgent']);
    expect(await alert.locator('.badge.type').textContent()).toBe(en['feed.kindAlert']);
    expect(await alert.locator('.feed-meta').textContent()).toContain('Salinas');
    expect(await alert.locator('.feed-meta').textContent()).toContain(en['time.justNow']);
    expect(await alert.locator('a').getAttribute('href')).toBe('/alerts');

    // Every item names its kind and leads to its board; the sample content says it is sample.
    const shown = await items(page).evaluateAll((rows) => rows.map((row) => [row.querySelector('.badge.type')?.textContent, row.querySelector('a')?.getAttribute('href')]));
    expect(shown.length).toBeLessThanOrEqual(30);
    for (const [kind, href] of shown) expect(href).toBe(BOARDS[kind!]);
    expect(new Set(shown.map(([kind]) => kind)).size).toBeGreaterThan(2);
    expect(await page.locator('.pulse-feed .badge.plain', { hasText: en['common.sample'] }).count()).toBeGreaterThan(0);

    // Fixed counters, marked as sample figures, and the page's links.
    expect(await figures(page, '.pulse-counters')).toEqual([
      `+5 ${en['pulse.statMissing']}`,
      `23 ${en['pulse.statCompleted']}`,
      `12 ${en['pulse.statHired']}`,
      `8 ${en['pulse.statPending']}`,
      `2 ${en['pulse.statAlerts']}`,
      `47 ${en['pulse.statShared']}`,
    ]);
    expect(await page.locator('[data-sample]').textContent()).toContain(en['common.sampleFigures']);
    for (const href of ['/donations', '/submit-job', '/submit-missing']) expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a new missing-person post at the top without a reload', async () => {
    const { context, page } = await open('/pulse');
    await page.waitForSelector('.pulse-feed .feed-item');
    await connected(page);
    const name = `Pulse Live ${Date.now()}`;
    expect((await post('/api/lost-found', { name, lastSeenCity: 'Modesto' })).status).toBe(201);
    // Within the e2e poll's 10 s, well before the feed's own 30 s refetch: it came live.
    await expect.poll(() => items(page).first().textContent()).toContain(name);
    expect(await items(page).first().locator('.badge.type').textContent()).toBe(en['feed.kindMissing']);
    expect(await items(page).first().locator('a').getAttribute('href')).toBe('/lost-found');
    await context.close();
  });

  it('says when there is nothing left to show, and keeps the items when a refresh fails', async () => {
    const { context, page } = await open('/pulse', (_context, page) => page.clock.install());
    await page.waitForSelector('.pulse-feed .feed-item');
    const shown = await items(page).count();
    await page.route(onlyPulse, (route) => route.abort());
    await page.clock.runFor(31_000);
    await page.waitForSelector('.pulse-feed .list-failed');
    expect(await page.locator('.pulse-feed .list-failed').textContent()).toContain(en['feed.stale']);
    expect(await items(page).count()).toBe(shown);

    await page.unroute(onlyPulse);
    await page.route(onlyPulse, (route) => route.fulfill({ json: [] }));
    await page.clock.runFor(31_000);
    await page.waitForSelector('.pulse-feed .feed-empty');
    expect(await page.locator('.pulse-feed .feed-empty p').allTextContents()).toEqual([en['feed.empty'], en['feed.beFirst']]);
    expect(await items(page).count()).toBe(0);
    await context.close();
  });
});

describe('home', () => {
  it('shows a short activity feed, the fixed figures, and no React for the figures and the gift', async () => {
    const { context, page } = await open('/');
    expect(await page.locator('h1').textContent()).toBe('Find. Help. Reunite.');
    expect(await page.locator('.home-hero').textContent()).toContain('Posting is anonymous');
    await page.waitForSelector('.pulse-feed .feed-item');
    expect(await items(page).count()).toBeLessThanOrEqual(5);
    expect(await items(page).count()).toBeGreaterThan(0);
    expect(await page.locator('.home-more a').getAttribute('href')).toBe('/pulse');
    expect(await page.locator('.home-more a').textContent()).toBe(en['home.activityAll']);

    expect(await figures(page, '.home-impact')).toEqual([
      '2,847 Families reunited',
      '156 Jobs shared daily',
      '24/7 Support, day and night',
      '47 Active missing cases',
      '23 Families needing shelter',
    ]);
    expect(await page.locator('section[aria-labelledby="home-impact-title"] [data-sample]').textContent()).toContain(en['common.sampleFigures']);
    // The presets and the amount field are plain elements.
    expect(await page.locator('#donate astro-island').count()).toBe(0);
    await context.close();
  });

  it('without JavaScript, the help boxes show their first post and offer no button that needs a script', async () => {
    const browser = await withoutScripts.context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto('/');
    for (const box of ['.help-box.request', '.help-box.offer']) {
      expect(await page.locator(`${box} .help-current-title`).isVisible(), box).toBe(true);
      expect(await page.locator(`${box} button:visible`).allTextContents(), box).toEqual([await page.locator(`${box} .help-current`).textContent()]);
    }
  });

  it('donates a preset or the amount typed on the payment page, in a new tab', async () => {
    const { context, page } = await open('/');
    const presets = page.locator('a.home-preset');
    expect(await presets.count()).toBe(3);
    const texts = (await presets.allTextContents()).map(plain);
    expect(texts[0]).toContain('$10');
    expect(texts[0]).toContain('3 meals');
    expect(texts[1]).toContain('Emergency transportation');
    expect(texts[2]).toContain('One night of shelter');
    for (const [index, amount] of [10, 50, 100].entries()) {
      const preset = presets.nth(index);
      expect(new URL((await preset.getAttribute('href'))!).searchParams.get('amount')).toBe(String(amount));
      expect(await preset.getAttribute('target')).toBe('_blank');
      expect(await preset.getAttribute('rel')).toContain('noopener');
    }

    const amount = page.locator('#home-amount');
    expect(await amount.inputValue()).toBe('25');
    expect(await amount.getAttribute('min')).toBe('1');
    expect(await amount.getAttribute('step')).toBe('1');
    await amount.fill('40');
    const donate = page.locator('donate-amount a');
    expect(await donate.getAttribute('rel')).toContain('noopener');
    // The payment page is outside this test: the new tab's address is what counts.
    await context.route('https://donate.example.org/**', (route) => route.fulfill({ body: 'payment page' }));
    const [tab] = await Promise.all([context.waitForEvent('page'), donate.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).searchParams.get('amount')).toBe('40');
    await tab.close();

    // No gift of zero: the link stays shut and says why.
    await amount.fill('0');
    await donate.click();
    expect(await page.locator('.home-custom-hint').isVisible()).toBe(true);
    expect(context.pages().length).toBe(1);
    await context.close();
  });

  it('links every action to its page, with the /ar prefix in Arabic', async () => {
    const { context, page } = await open('/ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(ar['home.title']);
    const cards = await page.locator('.home-cards a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(cards.sort()).toEqual(['/ar/jobs', '/ar/resources', '/ar/sos', '/ar/submit-alert', '/ar/submit-missing', '/ar/submit-resource']);
    const actions = await page.locator('.home-actions a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(actions).toEqual(['#donate', '/ar/lost-found#search', '/ar/submit-job', '/ar/resources']);
    expect(await page.locator('.home-actions a').first().textContent()).toContain(ar['home.actionDonate']);
    const alerts = await page.locator('section[aria-labelledby="home-alerts-title"] a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(alerts).toEqual(['/ar/ice-reports', '/ar/drops', '/ar/lost-found', '/ar/sos', '/ar/submit-missing']);
    for (const href of ['/ar/success-stories', '/ar/leaderboard', '/ar/pulse']) expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    await page.waitForSelector('.pulse-feed .feed-item');
    expect(await page.locator('.pulse-feed .badge.type').first().textContent()).toMatch(/\p{Script=Arabic}/u);
    expect(await page.locator('#help-boxes').count()).toBe(1);
    await context.close();
  });
});
