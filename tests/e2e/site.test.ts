import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ALERT_HOURS,
  AUDIT_LOG_DAYS,
  HELP_POST_DAYS,
  LOST_FOUND_DAYS,
  SOS_RETENTION_DAYS,
  UNATTACHED_UPLOAD_HOURS,
  VOLUNTEER_RETENTION_DAYS,
} from '../../src/common/contract/limits.ts';
import ar from '../../src/common/i18n/ar.json';
import es from '../../src/common/i18n/es.json';
import { dictionaries, translator } from '../../src/common/i18n/index.ts';
import { LANGUAGE_NAMES, LANGUAGES, LOCALES, localizePath, textDirection } from '../../src/common/i18n/languages.ts';
import { QUICK_EXIT_URL } from '../../src/site-config.ts';
import { hydrated, usePhone } from './chromium.ts';

const { baseURL, context: newContext, open: openPage, visit } = usePhone();

/**
 * Every route, from the page files themselves (not the build, which could lack a language); /404
 * as an unknown path. /person is the old address of a record's page, which leads to /person/ID
 * (tests/e2e/person.test.ts).
 */
const routes = readdirSync(new URL('../../src/pages/[...lang]/', import.meta.url))
  .filter((file) => file.endsWith('.astro') && file !== 'person.astro')
  .map((file) => (file === 'index.astro' ? '/' : file === '404.astro' ? '/no-such-page' : `/${file.slice(0, -'.astro'.length)}`));

/** The pages of a form alone, which a person may start typing in before its script wakes up (a slow phone). */
const FORM_PAGES = ['/submit-alert', '/submit-missing', '/submit-job', '/submit-resource'];

describe.each(LANGUAGES)('every route in %s', (lang) => {
  it('is served with its language and direction, and names the page in every language', async () => {
    const pattern = /<html lang="([^"]*)" dir="([^"]*)" data-lang="([^"]*)"/;
    for (const route of routes) {
      const path = localizePath(route, lang);
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(route === '/no-such-page' ? 404 : 200);
      const html = await response.text();
      expect(html.match(pattern)?.slice(1), path).toEqual([LOCALES[lang], textDirection(lang), lang]);
      if (response.ok) for (const other of LANGUAGES) expect(html, `${path} links its ${other} version`).toContain(`hreflang="${other}" href="${localizePath(route, other)}"`);
    }
  });

  it('opens in a phone in its language, comes back to it when remembered, and leaves it for another', async () => {
    // The next language: zh then zh-hant checks that one code being the start of another confuses nothing.
    const other = LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length]!;
    const page = await openPage(localizePath('/jobs', lang));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([LOCALES[lang], textDirection(lang)]);
    expect(await page.textContent('h1')).toBe(dictionaries[lang]['jobs.title']);
    expect((await page.textContent('language-menu a[aria-current="true"]'))?.trim()).toBe(LANGUAGE_NAMES[lang]);

    await page.click('language-menu button');
    await page.click(`language-menu a[data-lang="${other}"]`);
    await page.waitForURL(`${baseURL}${localizePath('/jobs', other)}`);
    await page.evaluate((code) => localStorage.setItem('language', code), lang);
    await page.goto(localizePath('/sos', other));
    await page.waitForURL(`${baseURL}${localizePath('/sos', lang)}`);
    expect(await page.getAttribute('html', 'lang')).toBe(LOCALES[lang]);
    await page.context().close();
  });

  it('wakes its forms up with the words the server drew them with', async () => {
    // A form whose script names a thing otherwise than the page it wakes up in (Intl data the
    // phone lacks) fails React's hydration (error 418): React draws the form anew, emptied of what
    // was typed before it woke.
    const page = await (await newContext()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const route of FORM_PAGES) {
      await page.goto(localizePath(route, lang));
      await hydrated(page);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

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

describe('footer', () => {
  it("links, in the page language, the pages no menu reaches and the moderators' way in, which the header no longer shows", async () => {
    const page = await openPage('/ar/jobs');
    const hrefs = await page.locator('footer.site-footer a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      ['/alerts', '/drops', '/map', '/sos', '/emergency', '/manage', '/notifications', '/privacy', '/api-docs', '/admin'].map((path) => localizePath(path, 'ar')),
    );
    expect(await page.textContent('footer.site-footer a[href="/ar/admin"]')).toBe(ar['footer.moderators']);
    expect(await page.locator('header a[href$="/admin"]').count()).toBe(0);

    // On the phone it fits the screen and, in Arabic, starts on the right.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const first = (await page.locator('footer.site-footer li').first().boundingBox())!;
    expect(first.x + first.width).toBeGreaterThan(390 - 40);
    await page.context().close();
  });
});

describe('quick exit', () => {
  // The neutral site, answered here so the test never leaves the machine.
  const neutralSite = (page: Page) =>
    page.route(`${new URL(QUICK_EXIT_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Sunny</p>' }));
  const leftFor = async (page: Page) => {
    await page.waitForURL((url) => url.href.startsWith(QUICK_EXIT_URL));
    expect(await page.textContent('p')).toBe('Sunny');
  };
  /** Leaves with `leave`, then checks our page was replaced: the history is no longer, and Back goes where the phone was before (a blank tab). */
  const replacedBy = async (page: Page, leave: () => Promise<unknown>) => {
    const entries = await page.evaluate(() => history.length);
    await leave();
    await leftFor(page);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  };

  it('a tap replaces the page with the neutral site, before any module script ran, and Back does not bring it up again', async () => {
    const page = await openPage('/privacy', {
      before: async (page) => {
        await neutralSite(page);
        await page.route('**/_astro/**/*.js', (route) => route.abort());
      },
    });
    const button = page.locator('a.quick-exit');
    expect(await button.textContent()).toBe('Quick exit');
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeGreaterThan(844 - 80);
    await replacedBy(page, () => button.click());
    await page.context().close();
  });

  it('Escape pressed twice does the same; once is not enough, nor the Escape that closes a menu', async () => {
    const page = await openPage('/es/lost-found', { before: neutralSite });
    expect(await page.textContent('a.quick-exit')).toBe(es['quickExit.label']);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1200);
    await page.click('language-menu button');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseURL}/es/lost-found`);
    await page.waitForTimeout(1000);
    await replacedBy(page, async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    });
    await page.context().close();
  });

  it('without JavaScript the plain link still leaves', async () => {
    const page = await openPage('/sos', { javaScriptEnabled: false, before: neutralSite });
    await page.click('a.quick-exit');
    await leftFor(page);
    await page.context().close();
  });
});

describe('/privacy', () => {
  it.each(['en', 'ar'] as const)('in %s, says how long each thing is kept with the periods of the contract', async (lang) => {
    const t = translator(lang);
    const hours = Object.values(ALERT_HOURS);
    const page = await openPage(localizePath('/privacy', lang));
    const item = (key: string) => page.textContent(`li[data-kept="${key}"]`);
    expect(await item('privacy.alerts')).toBe(
      t('privacy.alerts', { shortest: t.count('privacy.hours', Math.min(...hours)), longest: t.count('privacy.days', Math.max(...hours) / 24) }),
    );
    expect(await item('privacy.helpPosts')).toContain(t.count('privacy.days', HELP_POST_DAYS));
    expect(await item('privacy.sos')).toContain(t.count('privacy.days', SOS_RETENTION_DAYS));
    expect(await item('privacy.volunteers')).toContain(t.count('privacy.days', VOLUNTEER_RETENTION_DAYS));
    expect(await item('privacy.uploads')).toContain(t.count('privacy.hours', UNATTACHED_UPLOAD_HOURS));
    expect(await item('privacy.deviceUploads')).toContain(t.count('privacy.hours', UNATTACHED_UPLOAD_HOURS));
    expect(await item('privacy.audit')).toContain(t.count('privacy.days', AUDIT_LOG_DAYS));
    expect(await item('privacy.missingPosts')).toContain(t.count('privacy.days', LOST_FOUND_DAYS));
    expect(await page.locator('li[data-never]').allTextContents()).toEqual(
      (['privacy.neverAddress', 'privacy.neverAgent', 'privacy.neverPosition', 'privacy.neverMetadata'] as const).map((key) => t(key)),
    );
    await page.context().close();
  });

  it('is served in every language', async () => {
    for (const lang of LANGUAGES) {
      const answer = await fetch(new URL(localizePath('/privacy', lang), baseURL));
      expect(answer.status, lang).toBe(200);
      expect(await answer.text(), lang).toContain(`<html lang="${LOCALES[lang]}"`);
    }
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
