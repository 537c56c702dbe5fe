/**
 * Boards in the first answer: the server draws a board's first cards in the visitor's language,
 * readable without JavaScript (the area a GET form of county choices, "Show more" a link), and the
 * island wakes from those cards without asking for the list again before its 30 s refresh; a new
 * post still arrives live. Each board the server renders joins the table below.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { SCREEN } from '../../src/client/lists.ts';
import { BOARD_CACHE } from '../../src/server/page-data.ts';
import { inlineScriptHashes } from '../../src/common/security-headers.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { localizePath } from '../../src/common/i18n/languages.ts';
import { connected, post, sharedServer, usePhone } from './chromium.ts';
import { allowedHashes, expectSecured } from './secured.ts';

const { baseURL } = sharedServer();
const withScripts = usePhone();
const withoutScripts = usePhone({ javaScriptEnabled: false });

interface Board {
  route: string;
  /** The API list the page's cards are the first of. */
  list: string;
  /** The element of each card that holds its item's `key`. */
  card: string;
  key: (item: Item) => string;
  /** The board's area choice (a GET form without scripts), when it has one. */
  area: boolean;
  /** Cards drawn at first: a screen, unless the board shows all it has (a feed) or one at a time (a help box). */
  screen?: number;
  /** Posts a new item (from a network of its own) whose key is `text`, in Fresno. */
  add?: (text: string) => Promise<unknown>;
}

type Item = { name?: string; details?: string; meetSpot?: string; title?: string; text?: string };
const added = (response: Response) => expect(response.status).toBe(201);
const alert = (type: string) => async (details: string) => added(await post('/api/alerts', { type, details, city: 'Fresno', precision: 'BROAD' }));
const alertCards = '.alerts > li .alert-details';
const missing = async (name: string) => added(await post('/api/lost-found', { name, lastSeenCity: 'Fresno' }));

const BOARDS: Board[] = [
  {
    route: '/lost-found',
    list: '/api/lost-found?limit=100',
    card: '.posts > li.post h3 bdi',
    key: (item) => item.name!,
    area: true,
    add: missing,
  },
  { route: '/alerts', list: '/api/alerts?limit=50', card: alertCards, key: (item) => item.details!, area: true, add: alert('Community Notice') },
  { route: '/alerts-live', list: '/api/alerts', card: alertCards, key: (item) => item.details!, area: false, add: alert('Weather Alert') },
  {
    route: '/ice-reports',
    list: `/api/alerts?type=${encodeURIComponent('Enforcement Activity')}`,
    card: alertCards,
    key: (item) => item.details!,
    area: true,
    add: async (details) => added(await post('/api/alerts', { type: 'Enforcement Activity', activity: 'Other', details, city: 'Fresno', precision: 'BROAD' })),
  },
  // Jobs and drops are published from the moderators' desk (tests/e2e/admin.test.ts); the next drop is drawn in full.
  { route: '/jobs', list: '/api/jobs', card: '.jobs-list li.jobs-card .jobs-card-title', key: (item) => item.title!, area: true },
  { route: '/resources', list: '/api/resources', card: '.resources-list li.resource-card h3 bdi', key: (item) => item.name!, area: true },
  { route: '/drops', list: '/api/drops?limit=1', card: '.drops-next .drops-facts dd bdi:first-child', key: (item) => item.meetSpot!, area: true },
  // The activity feed shows all it asked for; every kind of post is news there.
  { route: '/pulse', list: '/api/pulse?limit=30', card: '.feed-list .feed-text', key: (item) => item.text!, area: false, screen: Infinity, add: missing },
  // The home page's boxes: the feed (the newest five) and the help boxes (one post at a time, of the area chosen).
  { route: '/', list: '/api/pulse?limit=5', card: '.feed-list .feed-text', key: (item) => item.text!, area: false, screen: Infinity, add: missing },
  { route: '/', list: '/api/assistance-requests', card: '.help-box.request .help-current-title bdi', key: (item) => item.title!, area: true, screen: 1 },
  { route: '/', list: '/api/surplus-offers', card: '.help-box.offer .help-current-title bdi', key: (item) => item.title!, area: true, screen: 1 },
];

const listed = async (board: Board, county = '') =>
  ((await (await fetch(`${baseURL}${board.list}${county && `${board.list.includes('?') ? '&' : '?'}county=${county}`}`)).json()) as Item[]).map(board.key);
const t = { en, ar } as const;

describe.each(BOARDS)('$route ($list), drawn by the server', (board) => {
  const screen = board.screen ?? SCREEN;
  it('answers its first cards with a short shared cache, no cookie, and a policy allowing exactly its inline scripts', async () => {
    const text = `Board Newest ${Date.now()}`;
    await board.add?.(text);
    const response = await fetch(`${baseURL}${board.route}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(BOARD_CACHE);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(allowedHashes(expectSecured(response))).toEqual((await inlineScriptHashes(html)).sort());
    expect(html).toContain(board.add ? text : (await listed(board))[0]);
  });

  it.each(['en', 'ar'] as const)('without JavaScript in %s: the first screen of cards, and the area as a form', async (lang) => {
    await board.add?.(`Board Quiet ${lang} ${Date.now()}`);
    const browser = await withoutScripts.context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto(localizePath(board.route, lang));
    expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const shown = () => page.locator(board.card).allTextContents();
    const keys = await listed(board);
    expect(keys.length).toBeGreaterThan(0);
    expect(await shown()).toEqual(keys.slice(0, screen));
    if (!board.area) return;

    await page.selectOption('select[name="county"]', 'Fresno');
    await page.getByRole('button', { name: t[lang]['place.apply'] }).click();
    await page.waitForURL(`**${localizePath(board.route, lang)}?county=Fresno`);
    expect(await shown()).toEqual((await listed(board, 'Fresno')).slice(0, screen));
    expect(await page.inputValue('select[name="county"]')).toBe('Fresno');
  });

  it('with JavaScript: the same cards, no request for the list before the 30 s refresh, and a new post live', async () => {
    const asked: string[] = [];
    const page = await withScripts.open(board.route, {
      // Reduced motion, so a help box stays on its first post.
      before: async (opened) => {
        await opened.emulateMedia({ reducedMotion: 'reduce' });
        opened.on('request', (request) => request.method() === 'GET' && asked.push(new URL(request.url()).pathname));
      },
    });
    onTestFinished(() => page.context().close());
    await connected(page);
    expect(await page.locator(board.card).allTextContents()).toEqual((await listed(board)).slice(0, screen));
    expect(asked.filter((path) => path === new URL(board.list, baseURL).pathname)).toEqual([]);
    if (!board.add) return;

    // A board below the fold wakes once scrolled to (the home page's feed).
    await page.locator(board.card).first().scrollIntoViewIfNeeded();
    const text = `Board Live ${Date.now()}`;
    await board.add(text);
    await expect.poll(() => page.locator(board.card).first().textContent(), { timeout: 10_000 }).toBe(text);
  });
});

describe('the filters without JavaScript', () => {
  it('a category chip and the details are a GET form of the board’s own address, drawn filtered by the server', async () => {
    const browser = await withoutScripts.context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto('/ar/resources');
    await page.click('.resources-chip[data-category="Food"]');
    await page.waitForURL((url) => url.pathname === '/ar/resources' && url.searchParams.get('category') === 'Food');
    const resources = (await (await fetch(`${baseURL}/api/resources`)).json()) as { name: string; category: string; languages: string[] }[];
    const food = resources.filter((resource) => resource.category === 'Food');
    expect(food.length).toBeGreaterThan(0);
    expect(await page.locator('.resources-list li.resource-card h3 bdi').allTextContents()).toEqual(food.map((resource) => resource.name).slice(0, SCREEN));
    expect(await page.getAttribute('.resources-chip[data-category="Food"]', 'aria-pressed')).toBe('true');

    await page.selectOption('select[name="language"]', 'es');
    await page.getByRole('button', { name: ar['resources.apply'] }).click();
    await page.waitForURL((url) => url.searchParams.get('language') === 'es' && url.searchParams.get('category') === 'Food');
    expect(await page.locator('.resources-list li.resource-card h3 bdi').allTextContents()).toEqual(
      food.filter((resource) => resource.languages.includes('es')).map((resource) => resource.name),
    );
  });
});

describe('"Show more" without JavaScript', () => {
  it('is a link to the same board showing a screen more', async () => {
    const board = BOARDS[0]!;
    // More than two screens of cards, so that "Show more" has more to show.
    for (let n = 0; n < 2 * SCREEN + 1; n++) await board.add!(`Board Persona ${n} ${Date.now()}`);
    const browser = await withoutScripts.context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto(board.route);
    const keys = await listed(board);
    expect(await page.locator(board.card).allTextContents()).toEqual(keys.slice(0, SCREEN));
    await page.getByRole('link', { name: en['common.loadMore'] }).click();
    await page.waitForURL(`**${board.route}?shown=${2 * SCREEN}`);
    expect(await page.locator(board.card).allTextContents()).toEqual(keys.slice(0, 2 * SCREEN));
  });
});
