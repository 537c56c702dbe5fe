import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** About a cheap Android phone's screen. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

/**
 * One Chromium for a test file (launched before its tests, closed after them) and phones on the
 * e2e server: `context()` makes a fresh phone (the caller closes it), `open(path)` opens a page on
 * a fresh phone once the page's first island has hydrated (pages without islands: once loaded).
 */
export function usePhone(defaults: BrowserContextOptions = {}) {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const context = (options: BrowserContextOptions = {}): Promise<BrowserContext> => browser!.newContext({ ...PHONE, baseURL, ...defaults, ...options });

  async function open(path: string, options?: BrowserContextOptions): Promise<Page> {
    const page = await (await context(options)).newPage();
    await page.goto(path);
    await hydrated(page);
    return page;
  }

  return { baseURL, context, open };
}

/**
 * Waits until the page's first island has hydrated, if it has one that hydrates by itself
 * (a `client:visible` island waits to be scrolled to: that is the caller's business).
 */
export async function hydrated(page: Page): Promise<void> {
  const eager = 'astro-island:not([client="visible"])';
  if (await page.locator(eager).count()) await page.locator(`${eager}:not([ssr])`).first().waitFor({ state: 'attached' });
}

/** The toast on screen. */
export const toast = (page: Page) => page.locator('toast-region .toast');
