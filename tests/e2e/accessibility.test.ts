/**
 * Every built route, in English and Arabic, on a 390x844 phone: no script error as its islands
 * wake up, no serious or critical axe violations, every control reachable with Tab and showing
 * where focus is, tap targets of at least 44x44 CSS px, nothing wider than the screen. The same
 * for the open states a visitor meets most (the help dialogs, the language menu, the mobile menu),
 * and the dialogs keep focus inside and give it back on Escape. With SCREENSHOTS=1, screenshots
 * of all of it land in test-results/screenshots/ to be looked at (they check nothing themselves:
 * fonts differ between machines, so they are taken only for a person who asked for them; they
 * were an eighth of the file's time).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { builtPages, renderedPages } from '../../scripts/page-weight.ts';
import { localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { hydrated, sharedServer, usePhone } from './chromium.ts';

const { context } = usePhone();
const LANGS = { en, ar } satisfies Partial<Record<Lang, typeof en>>;
const SHOTS = process.env.SCREENSHOTS ? 'test-results/screenshots' : undefined;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** A screenshot for a person to look at, when asked for (SCREENSHOTS=1). */
const screenshot = async (page: Page, name: string, fullPage = false) =>
  void (SHOTS && (await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' })));
/** axe-core's own minified build: the same code as its `source`, less than half the bytes to hand every page. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every route, prebuilt or rendered on demand (new pages join by themselves; a person's page is
 * the newest record's); /404 is reached through an unknown path.
 */
const pages = [...builtPages(), ...(await renderedPages(sharedServer().baseURL))];
const routes = [...new Set(pages.map((page) => page.route))].sort();
const address = (route: string, lang: Lang) => (route === '/404' ? localizePath('/no-such-page', lang) : pages.find((page) => page.route === route && page.lang === lang)!.path);
const shotName = (lang: Lang, route: string, state = '') => `${lang}${route === '/' ? '-home' : route.replaceAll('/', '-')}${state && `-${state}`}`;

/** A page with its lists loaded and every island hydrated (those that wait to be seen are shown first). */
async function settle(page: Page) {
  await hydrated(page);
  // The elements themselves: a locator's nth would count only those still waiting.
  for (const island of await page.locator('astro-island[client="visible"][ssr]').elementHandles()) {
    await island.scrollIntoViewIfNeeded();
    await page.waitForFunction((element) => !(element as Element).hasAttribute('ssr'), island);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Serious and critical axe violations inside `scope`, one line each. axe-core runs in the page
 * itself: @axe-core/playwright finishes each run in a blank page of its own, four times slower,
 * which only pages with frames from other origins need.
 */
async function axe(page: Page, scope = 'html'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(
    (scope) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(scope, { resultTypes: ['violations'] }).then((results: AxeResults) => results.violations),
    scope,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim()})`));
}

/**
 * Visible controls inside `scope` smaller than 44x44 CSS px. What counts: links, buttons, fields,
 * summaries, and the label of a checkbox, radio or file field (the label is what a finger hits).
 * Exempt, as WCAG 2.5.8 exempts targets in a sentence: a link laid out inline whose block
 * (paragraph, list item...) has other text beside it.
 */
function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const inSentence = (link: Element) => {
      if (getComputedStyle(link).display !== 'inline') return false;
      let block = link.parentElement!;
      while (getComputedStyle(block).display === 'inline') block = block.parentElement!;
      return block.textContent!.trim().length > link.textContent!.trim().length;
    };
    const targets = new Set<Element>();
    for (const element of document.querySelector(scope)!.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary')) {
      const input = element instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(element.type) ? element : null;
      const target = (input && (input.closest('label') ?? input.labels?.[0])) || element;
      if (!shown(target) || (target.localName === 'a' && inSentence(target))) continue;
      targets.add(target);
    }
    return [...targets].flatMap((target) => {
      const { width, height } = target.getBoundingClientRect();
      if (width >= 43.5 && height >= 43.5) return [];
      const name = `${target.localName}${typeof target.className === 'string' && target.className ? `.${target.className.trim().replace(/\s+/g, '.')}` : ''}`;
      return [`${name} "${(target.textContent ?? '').trim().slice(0, 30) || target.getAttribute('aria-label') || ''}" ${Math.round(width)}x${Math.round(height)}`];
    });
  }, scope);
}

/**
 * Tabs through the page from the top: the visible controls Tab never reached, and those that
 * showed no focus ring when reached (an outline or shadow on the control, or on a wrapper that
 * draws it for the control through :focus-within).
 */
async function tabWalk(page: Page): Promise<{ unreached: string[]; noRing: string[] }> {
  type Walk = { ring: Map<HTMLElement, boolean>; unreached: () => HTMLElement[] };
  const count = await page.evaluate(() => {
    const ring = new Map<HTMLElement, boolean>();
    const controls = () =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]')].filter(
        (element) =>
          element.tabIndex >= 0 &&
          !(element as HTMLButtonElement).disabled &&
          !element.closest('[inert], dialog:not([open])') &&
          element.getBoundingClientRect().width > 1 &&
          element.checkVisibility({ visibilityProperty: true }),
      );
    // A radio group is one Tab stop: its other buttons are reached with the arrows.
    const reached = (element: HTMLElement) =>
      ring.has(element) ||
      (element instanceof HTMLInputElement &&
        element.type === 'radio' &&
        [...ring.keys()].some((other) => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name));
    const drawsRing = (element: Element) => {
      const style = getComputedStyle(element);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    (window as unknown as { tabWalk: Walk }).tabWalk = { ring, unreached: () => controls().filter((element) => !reached(element)) };
    document.addEventListener('focusin', (event) => {
      const element = event.target as HTMLElement;
      ring.set(element, drawsRing(element) || [element.parentElement, element.parentElement?.parentElement].some((wrapper) => wrapper && drawsRing(wrapper)));
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return controls().length;
  });
  // Lists arriving meanwhile add stops: Tab on, ten at a time, until every control was met. The
  // ten go to Chromium together (it handles key events in the order sent) rather than each after
  // the last one's answer: a quarter of the sweep's time was these round trips.
  const keys = await page.context().newCDPSession(page);
  const tab = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  for (let step = 0; step < count * 2 + 20; step += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () => [
        keys.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...tab }),
        keys.send('Input.dispatchKeyEvent', { type: 'keyUp', ...tab }),
      ]).flat(),
    );
    if (await page.evaluate(() => (window as unknown as { tabWalk: Walk }).tabWalk.unreached().length === 0)) break;
  }
  await keys.detach();
  return page.evaluate(() => {
    const { ring, unreached } = (window as unknown as { tabWalk: Walk }).tabWalk;
    const name = (element: HTMLElement) =>
      `${element.localName} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label') || element.getAttribute('name') || ''}"`;
    return { unreached: unreached().map(name), noRing: [...ring].filter(([, shown]) => !shown).map(([element]) => name(element)) };
  });
}

/** How much wider than the phone the page is (it would scroll sideways), or '' when it fits. */
const overflow = (page: Page) => page.evaluate(() => (document.documentElement.scrollWidth > window.innerWidth ? `${document.documentElement.scrollWidth}px wide` : ''));

describe.each(Object.keys(LANGS) as (keyof typeof LANGS)[])('%s', (lang) => {
  // One phone walks every route in one tab, everything the site stored emptied before each route,
  // so each page meets the phone as a fresh one (only the browser's HTTP cache stays warm). A fresh
  // phone per route started a renderer process for each page and compiled axe there cold: 2.5
  // times slower for the same checks (measured over six routes: 17.6 s against 7.0 s).
  let page: Page;
  /** The page's uncaught script errors since its route began. */
  let errors: string[] = [];
  beforeAll(async () => {
    page = await (await context()).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(() => page?.context().close());
  const emptied = async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(sharedServer().baseURL).origin, storageTypes: 'all' });
    await cdp.detach();
  };

  it.for(routes)('%s: axe, Tab, 44 px targets, no sideways scroll', async (route, { expect }) => {
    await emptied();
    errors = [];
    await page.goto(address(route, lang));
    await settle(page);
    await screenshot(page, shotName(lang, route), true);
    // An island that wakes up drawing other words than the server's (React's error 418) is drawn
    // anew, and what a person typed before it woke is lost.
    expect.soft(errors, 'script errors').toEqual([]);
    expect.soft(await page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${lang}\\b`));
    expect.soft(await overflow(page), 'sideways scroll').toBe('');
    expect.soft(await axe(page), 'axe').toEqual([]);
    expect.soft(await smallTargets(page), 'targets under 44x44 px').toEqual([]);
    const walk = await tabWalk(page);
    expect.soft(walk.unreached, 'not reached by Tab').toEqual([]);
    expect.soft(walk.noRing, 'no visible focus').toEqual([]);
  });

  it('the language menu and the mobile menu, open', async () => {
    const phone = await context();
    const page = await phone.newPage();
    await page.goto(address('/jobs', lang));
    await settle(page);

    await page.locator('.lang-trigger').click();
    await page.locator('#language-list').waitFor();
    await screenshot(page, shotName(lang, '/jobs', 'language-menu'));
    expect.soft(await axe(page, 'header'), 'axe').toEqual([]);
    expect.soft(await smallTargets(page, '#language-list'), 'targets under 44x44 px').toEqual([]);
    await page.keyboard.press('Escape');

    await page.locator('.menu-toggle').click();
    await page.locator('#site-nav[data-open]').waitFor();
    await screenshot(page, shotName(lang, '/jobs', 'mobile-menu'));
    expect.soft(await axe(page, 'header'), 'axe').toEqual([]);
    expect.soft(await smallTargets(page, '#site-nav'), 'targets under 44x44 px').toEqual([]);
    expect.soft(await overflow(page), 'sideways scroll').toBe('');
    await phone.close();
  });

  it('the help dialogs: axe, 44 px targets, focus kept inside and given back on Escape', async () => {
    const t = LANGS[lang];
    const phone = await context();
    const page = await phone.newPage();
    await page.goto(address('/', lang));
    await settle(page);
    const dialog = page.locator('dialog[open]');

    const openers: [string, Locator][] = [
      ['post-request', page.locator('.help-box.request').getByRole('button', { name: t['help.postNewRequest'] })],
      ['request-help', page.locator('.site-header').getByRole('button', { name: t['nav.requestHelp'] })],
    ];
    for (const [state, opener] of openers) {
      await opener.click();
      await dialog.locator('h2').waitFor();
      await screenshot(page, shotName(lang, '/', state));
      expect.soft(await axe(page, 'dialog[open]'), `${state}: axe`).toEqual([]);
      expect.soft(await smallTargets(page, 'dialog[open]'), `${state}: targets under 44x44 px`).toEqual([]);

      // Around the dialog twice, forwards and backwards: focus never reaches the page behind.
      // Between the last control and the first it rests a step on nothing (the browser's own
      // controls on a real phone): the platform's modal dialog leaves that way out, on purpose.
      const stops = await dialog.evaluate((element) => element.querySelectorAll('a[href], button, input, select, textarea').length);
      for (const key of ['Tab', 'Shift+Tab']) {
        const path: string[] = [];
        for (let step = 0; step < stops * 2 + 2; step++) {
          await page.keyboard.press(key);
          path.push(await page.evaluate(() => (document.activeElement?.closest('dialog[open]') ? 'dialog' : (document.activeElement?.localName ?? 'none'))));
        }
        expect(
          path.filter((stop) => stop !== 'dialog' && stop !== 'body'),
          `${state}: ${key} left the dialog`,
        ).toEqual([]);
        expect(path.join(' '), `${state}: ${key} stayed outside`).not.toMatch(/body body/);
        expect(path.filter((stop) => stop === 'dialog').length, `${state}: ${key} stops in the dialog`).toBeGreaterThan(stops);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement), `${state}: focus back on the opener`).toBe(true);
    }
    await phone.close();
  });
});
