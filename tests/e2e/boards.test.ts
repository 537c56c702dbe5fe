/**
 * Boards in the first answer: the server draws a board's first cards in the visitor's language,
 * readable without JavaScript (the area a GET form of county choices, "Show more" a link), and the
 * island wakes from those cards without asking for the list again before its 30 s refresh; a new
 * post still arrives live. Each board the server renders joins the table below.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { LostFoundPost } from '../../src/common/contract/index.ts';
import { SCREEN } from '../../src/client/lists.ts';
import { BOARD_CACHE } from '../../src/server/page-data.ts';
import { inlineScriptHashes } from '../../src/common/security-headers.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import { connected, post, sharedServer, usePhone } from './chromium.ts';
import { allowedHashes, expectSecured } from './secured.ts';

const { baseURL } = sharedServer();
const withScripts = usePhone();
const withoutScripts = usePhone({ javaScriptEnabled: false });

interface Board {
  route: string;
  list: string;
  /** A card on the page, and the name an API item shows on it. */
  card: string;
  name: (item: LostFoundPost) => string;
  /** Makes a new item (on a network of its own) named `name`, in Fresno. */
  add: (name: string) => Promise<unknown>;
}

const BOARDS: Board[] = [
  {
    route: '/lost-found',
    list: '/api/lost-found',
    card: '.posts > li.post',
    name: (item) => item.name,
    add: async (name) => expect((await post('/api/lost-found', { name, lastSeenCity: 'Fresno' })).status).toBe(201),
  },
];

const newest = async (board: Board, query = '') => (await (await fetch(`${baseURL}${board.list}?limit=100${query}`)).json()) as LostFoundPost[];
const t = { en, ar } as const;

describe.each(BOARDS)('$route, drawn by the server', (board) => {
  it('answers its first cards with a short shared cache, no cookie, and a policy allowing exactly its inline scripts', async () => {
    const name = `Board Newest ${Date.now()}`;
    await board.add(name);
    const response = await fetch(`${baseURL}${board.route}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(BOARD_CACHE);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(allowedHashes(expectSecured(response))).toEqual((await inlineScriptHashes(html)).sort());
    expect(html).toContain(name);
  });

  it.each(['en', 'ar'] as Lang[])('without JavaScript in %s: the first screen of cards, "Show more" as a link, the area as a form', async (lang) => {
    // More than two screens of cards, so that "Show more" has more to show.
    for (let n = 0; n < 2 * SCREEN + 1; n++) await board.add(`Board Persona ${lang} ${n} ${Date.now()}`);
    const browser = await withoutScripts.context();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.goto(localizePath(board.route, lang));
    expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const names = (await newest(board)).map(board.name);
    const shown = () => page.locator(board.card).locator('h3 bdi').allTextContents();
    expect(await shown()).toEqual(names.slice(0, SCREEN));

    const more = page.getByRole('link', { name: t[lang as 'en' | 'ar']['common.loadMore'] });
    await more.click();
    await page.waitForURL(`**${localizePath(board.route, lang)}?shown=${2 * SCREEN}`);
    expect(await shown()).toEqual(names.slice(0, 2 * SCREEN));

    await page.selectOption('select[name="county"]', 'Fresno');
    await page.getByRole('button', { name: t[lang as 'en' | 'ar']['place.apply'] }).click();
    await page.waitForURL(`**${localizePath(board.route, lang)}?county=Fresno`);
    expect(await shown()).toEqual((await newest(board, '&county=Fresno')).map(board.name).slice(0, SCREEN));
    expect(await page.inputValue('select[name="county"]')).toBe('Fresno');
  });

  it('with JavaScript: the same cards, no request for the list before the 30 s refresh, and a new post live', async () => {
    const asked: string[] = [];
    const page = await withScripts.open(board.route, {
      before: (opened) => opened.on('request', (request) => request.method() === 'GET' && asked.push(new URL(request.url()).pathname)),
    });
    onTestFinished(() => page.context().close());
    await connected(page);
    const names = (await newest(board)).map(board.name);
    expect(await page.locator(board.card).locator('h3 bdi').allTextContents()).toEqual(names.slice(0, SCREEN));
    expect(asked.filter((path) => path === board.list)).toEqual([]);

    const name = `Board Live ${Date.now()}`;
    await board.add(name);
    await expect.poll(() => page.locator(board.card).first().locator('h3 bdi').textContent(), { timeout: 10_000 }).toBe(name);
  });
});
