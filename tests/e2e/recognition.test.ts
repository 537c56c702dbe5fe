/**
 * The fixed recognition pages: /success-stories, /leaderboard (Community Heroes) and /rewards.
 * Prebuilt HTML with no React; sample figures marked as such and formatted per locale.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import arJson from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { DONATION_URL } from '../../src/site-config.ts';
import { usePhone } from './chromium.ts';

const { baseURL, visit } = usePhone();
const origin = new URL(baseURL).origin;

/** Arabic text, or the English one while the translator has not filled the key yet. */
const ar = (key: keyof typeof en): string => (arJson as Record<string, string>)[key] ?? en[key];

const AR = 'ar';
const nf = (locale: string) => new Intl.NumberFormat(locale);
/** Dollars as the pages show them: narrow symbol, with a left-to-right mark after "$" (Arabic's "US$"). */
const usd = (locale: string) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  return { format: (amount: number) => format.format(amount).replace('$', '$\u200E') };
};

/** Opens a page and records every request it makes, to prove nothing leaves our origin. */
async function open(path: string): Promise<{ page: Page; requests: string[] }> {
  const requests: string[] = [];
  const { page, response } = await visit(path, { before: (page) => page.on('request', (request) => requests.push(request.url())) });
  expect(response.status()).toBe(200);
  return { page, requests };
}
const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();
/** Text with runs of white space as one space, and without the invisible direction marks. */
const squash = (text: string) =>
  text
    .replace(/[\u200E\u200F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('/success-stories', () => {
  it('shows three sample stories, the sample impact counters, the card donation link and the way home', async () => {
    const { page, requests } = await open('/success-stories');
    expect(await page.textContent('h1')).toBe('Success Stories');
    expect(await page.title()).toBe(`Success Stories · ${en['site.name']}`);
    expect(await page.getAttribute('#site-nav a[href="/success-stories"]', 'aria-current')).toBe('page');

    const sample = page.locator('[data-sample]');
    expect(await sample.isVisible()).toBe(true);
    expect(squash(await sample.innerText())).toBe(`Sample ${en['stories.sampleNote']}`);

    expect((await texts(page, '.stories-figure')).map(squash)).toEqual(['2,847 Families reunited', '156 Jobs shared daily', '24/7 Support, day and night']);

    const stories = page.locator('[data-story]');
    expect(await stories.count()).toBe(3);
    expect(await texts(page, '[data-story] h3')).toEqual(['Home again after two days', 'Steady, safe work', 'Warned in time']);
    expect(await page.locator('[data-story] .badge', { hasText: 'Sample' }).count()).toBe(3);
    expect(await stories.nth(0).innerText()).toContain('Rosa posted his photo on Lost & Found');
    expect(await stories.nth(1).innerText()).toContain('job board');
    expect(await stories.nth(2).innerText()).toContain('community alert');

    const donate = page.getByRole('link', { name: 'Donate by card' });
    expect(await donate.getAttribute('href')).toBe(DONATION_URL);
    expect(await donate.getAttribute('target')).toBe('_blank');
    expect((await donate.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect((await donate.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    expect(requests.every((url) => url.startsWith(origin))).toBe(true);
    await page.click('main a.back-link');
    await page.waitForURL(`${baseURL}/`);
    await page.context().close();
  });

  it('in Arabic: right to left, Arabic chrome, figures per locale, links stay in Arabic', async () => {
    const { page } = await open('/ar/success-stories');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.textContent('h1')).toBe(ar('stories.title'));
    expect(await page.textContent('#site-nav a[aria-current="page"]')).toBe(ar('nav.successStories'));
    expect(await page.textContent('[data-sample] .badge')).toBe(ar('common.sample'));
    expect(await page.locator('.stories-figure strong').first().textContent()).toBe(nf(AR).format(2847));
    expect(await page.getAttribute('main a.back-link', 'href')).toBe('/ar');
    expect(await page.getAttribute('main a.button[target="_blank"]', 'href')).toBe(DONATION_URL);
    await page.context().close();
  });
});

describe('/leaderboard', () => {
  it('shows sample donation champions, helpers with points and the four recognition levels', async () => {
    const { page, requests } = await open('/leaderboard');
    expect(await page.textContent('h1')).toBe('Community Heroes');
    expect(await page.getAttribute('#site-nav a[href="/leaderboard"]', 'aria-current')).toBe('page');
    expect(squash(await page.locator('[data-sample]').innerText())).toBe(`Sample ${en['heroes.sampleNote']}`);

    const champions = (await texts(page, '[data-list="champions"] li')).map(squash);
    expect(champions).toEqual(['1 Maria Legend $750', '2 Jin Champion $320', '3 Priya Champion $210', '4 Omar Star $85', '5 Sofía Helper $40']);
    const helpers = (await texts(page, '[data-list="helpers"] li')).map(squash);
    expect(helpers).toEqual(['1 Carlos 1,240 points', '2 Aisha 980 points', '3 Minh 615 points', '4 Gurpreet 410 points', '5 Elena 230 points']);

    const levels = (await texts(page, '.heroes-level')).map((text) => squash(text.replace(/★/g, '')));
    expect(levels).toEqual(['Helper $10 or 1 action', 'Star $50 or 5 actions', 'Champion $200 or 20 actions', 'Legend $500 or 50 actions']);

    expect(await page.getAttribute('main a[href="/rewards"]', 'class')).toContain('button');
    expect(requests.every((url) => url.startsWith(origin))).toBe(true);
    await page.context().close();
  });

  it('in Arabic: right to left, amounts formatted as Arabic currency', async () => {
    const { page } = await open('/ar/leaderboard');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('h1')).toBe(ar('heroes.title'));
    expect(await page.textContent('#site-nav a[aria-current="page"]')).toBe(ar('nav.heroes'));
    const amounts = await page.locator('[data-list="champions"] .heroes-figure').allTextContents();
    expect(amounts).toEqual([750, 320, 210, 85, 40].map((amount) => usd(AR).format(amount)));
    expect(amounts[0]).not.toBe('$750');
    const rules = await page.locator('.heroes-level p').allTextContents();
    expect(rules[3]).toContain(usd(AR).format(500));
    expect(await page.getAttribute('main a.button.secondary', 'href')).toBe('/ar/rewards');
    await page.context().close();
  });
});

describe('/rewards', () => {
  it('shows the sample user at 850 points, 85 percent to the next level, the levels and the ways to earn', async () => {
    const { page, requests } = await open('/rewards');
    expect(await page.textContent('h1')).toBe('Community Rewards');
    expect(squash(await page.locator('[data-sample]').innerText())).toBe(`Sample ${en['rewards.sampleNote']}`);
    expect(await page.textContent('[data-points]')).toBe('850 points');
    expect(await page.locator('.rewards-progress').innerText()).toContain('Current level: Star Helper');

    const bar = page.getByRole('progressbar', { name: 'Progress to Community Champion' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('85');
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('85% of the way to Community Champion');
    const track = (await bar.boundingBox())!;
    const fill = (await page.locator('.rewards-bar-fill').boundingBox())!;
    expect(fill.width / track.width).toBeCloseTo(0.85, 2);
    expect(fill.x).toBeCloseTo(track.x, 0);

    const levels = (await texts(page, '.rewards-level')).map(squash);
    expect(levels).toEqual([
      'New Helper From 0 points Reached',
      'Star Helper From 250 points Current level',
      'Community Champion From 1,000 points',
      'California Legend From 2,500 points',
    ]);
    expect(await page.textContent('.rewards-level[aria-current="step"] h3')).toBe('Star Helper');

    const ways = (await texts(page, '.rewards-way')).map(squash);
    expect(ways).toEqual([
      'Donate $10 or more +100 points',
      'Post a job +50 points',
      'Share a success story +25 points',
      'Report a missing person +75 points',
      'Share on social media +15 points',
      'Daily check-in +5 points',
    ]);
    const links = await page.locator('.rewards-way a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/donations', '/submit-job', '/success-stories', '/submit-missing', '/share']);
    expect(await page.locator('.rewards-way', { hasText: 'Daily check-in' }).locator('a').count()).toBe(0);

    expect(requests.every((url) => url.startsWith(origin))).toBe(true);
    await page.click('.rewards-way a[href="/submit-job"]');
    await page.waitForURL(`${baseURL}/submit-job`);
    await page.context().close();
  });

  it('in Arabic: the bar fills from the right, links keep the Arabic prefix', async () => {
    const { page } = await open('/ar/rewards');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('h1')).toBe(ar('rewards.title'));
    expect(await page.textContent('[data-sample] .badge')).toBe(ar('common.sample'));
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('85');
    const track = (await bar.boundingBox())!;
    const fill = (await page.locator('.rewards-bar-fill').boundingBox())!;
    expect(fill.x + fill.width).toBeCloseTo(track.x + track.width, 0);
    expect(fill.x).toBeGreaterThan(track.x + track.width * 0.1);
    const links = await page.locator('.rewards-way a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/ar/donations', '/ar/submit-job', '/ar/success-stories', '/ar/submit-missing', '/ar/share']);
    expect(await page.locator('.rewards-way a').first().textContent()).toContain(usd(AR).format(10));
    await page.context().close();
  });
});

describe('no React on the recognition pages', () => {
  it.each(['/success-stories', '/leaderboard', '/rewards', '/ar/rewards'])('%s ships no island and no React', async (path) => {
    const { context, page, response, scripts } = await visit(path);
    expect(await response.text()).not.toContain('astro-island');
    expect(await page.locator('astro-island').count()).toBe(0);
    expect((await Promise.all(scripts)).some((code) => code.includes('react.dev/errors'))).toBe(false);
    await context.close();
  });
});
