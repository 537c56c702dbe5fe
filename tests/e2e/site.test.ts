import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/ar.json';
import es from '../../src/i18n/es.json';
import { usePhone } from './chromium.ts';

const { baseURL, context: newContext, open: openPage, visit } = usePhone();

describe('language menu', () => {
  it('switches to Arabic: right to left, Arabic text, and the choice is remembered', async () => {
    const page = await openPage('/lost-found');
    await page.click('language-menu button');
    await page.click('language-menu a[data-lang="ar"]');
    await page.waitForURL(`${baseURL}/ar/lost-found`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.textContent('h1')).toBe(ar['lostFound.title']);
    expect(await page.textContent('language-menu button')).toContain('AR');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');

    // Coming back to the English address brings the visitor to their language.
    await page.goto('/');
    await page.waitForURL(`${baseURL}/ar`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.context().close();
  });

  it('goes back to English from another language, left to right', async () => {
    const page = await openPage('/es');
    await page.click('language-menu button');
    await page.click('language-menu a[data-lang="en"]');
    await page.waitForURL(`${baseURL}/`);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.context().close();
  });

  it('works by keyboard, closes on Escape and on a click outside', async () => {
    const page = await openPage('/');
    const list = page.locator('#language-list');
    await page.focus('language-menu button');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-lang'))).toBe('en');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-lang'))).toBe('es');
    await page.keyboard.press('Escape');
    expect(await list.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('lang-trigger'))).toBe(true);
    expect(await page.getAttribute('language-menu button', 'aria-expanded')).toBe('false');

    await page.click('language-menu button');
    expect(await list.isVisible()).toBe(true);
    await page.mouse.click(195, 800);
    expect(await list.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('language rewrites stay on this site', () => {
  const origin = new URL(baseURL).origin;

  it('the remembered language never turns /ar//other.example/x into an address elsewhere', async () => {
    const context = await newContext();
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await page.goto('/ar//example.org/x');
    await page.waitForURL((url) => url.pathname === '/example.org/x');
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await context.close();
  });

  it("a 404 page's language links lead to the same address on this site", async () => {
    const page = await openPage('/ar//example.org/x');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page.click('language-menu button');
    await page.click('language-menu a[data-lang="en"]');
    await page.waitForURL((url) => url.pathname === '/example.org/x');
    expect(new URL(page.url()).origin).toBe(origin);
    await page.context().close();
  });
});

describe('mobile menu', () => {
  it('shows and hides the navigation on a phone', async () => {
    const page = await openPage('/');
    const nav = page.locator('#site-nav');
    expect(await nav.isVisible()).toBe(false);
    await page.click('mobile-menu-toggle button');
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getAttribute('mobile-menu-toggle button', 'aria-expanded')).toBe('true');
    await page.click('#site-nav a[href="/lost-found"]');
    await page.waitForURL(`${baseURL}/lost-found`);
    expect(await page.getAttribute('#site-nav a[href="/lost-found"]', 'aria-current')).toBe('page');
    await page.context().close();
  });
});

describe('404', () => {
  it('answers an unknown path with status 404 and the page in the visitor language', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const english = await page.goto('/no-such-page');
    expect(english?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('404 Page Not Found');
    expect(await page.textContent('main')).toContain('Did you forget to add the page to the router?');

    const spanish = await page.goto('/es/no-such-page');
    expect(spanish?.status()).toBe(404);
    expect(await page.getAttribute('html', 'lang')).toBe('es-US');
    expect(await page.textContent('h1')).toBe(es['notFound.title']);
    await context.close();
  });
});

describe('JavaScript shipped', () => {
  /** The text of every script the page loaded. */
  async function scriptsOf(path: string): Promise<string[]> {
    const { context, scripts } = await visit(path);
    const bodies = await Promise.all(scripts);
    await context.close();
    return bodies;
  }
  const isReact = (code: string) => code.includes('react.dev/errors');

  it('a page with no island loads no React; the board page does', async () => {
    expect((await scriptsOf('/')).some(isReact)).toBe(false);
    expect((await scriptsOf('/lost-found')).some(isReact)).toBe(true);
  });
});

describe('Korean line breaks', () => {
  it('breaks lines between Korean words on a phone, never inside one', async () => {
    for (const path of ['/ko', '/ko/sos']) {
      const page = await openPage(path);
      const split = await page.evaluate(() => {
        const words: string[] = [];
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of node.textContent!.matchAll(/\p{Script=Hangul}+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) words.push(word[0]);
          }
        }
        return words;
      });
      expect(split, path).toEqual([]);
      await page.context().close();
    }
  });
});
