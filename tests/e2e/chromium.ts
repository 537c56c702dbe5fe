/**
 * The one helper of the end-to-end tests: Chromium, the phone it plays, pages opened once they
 * work, the live room, the API, and servers of a test's own. Every e2e file takes what it needs
 * from here rather than setting up its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { LostFoundPost } from '../../src/common/contract/index.ts';
import { loopback, postFrom } from '../post-from.ts';
import { startServer } from './start-server.ts';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the build Playwright itself
 * runs headless), with the flags that keep it off the (closed) network. The full browser in its
 * headless mode costs four times the processor time for every fresh phone: a renderer for its
 * own browser UI and a spare one beside the page's (measured in the issue 32 note).
 */
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** The full browser, for what the headless shell lacks (notifications). */
const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** That Chromium, for a script of its own. */
export const launchChromium = (): Promise<Browser> => chromium.launch(CHROMIUM);

/**
 * That Chromium as a server the test files connect to (the e2e global setup launches it once):
 * launching it for each file cost 2 to 3 s there, and its first page 2 s more, on the 2-core machine.
 */
export const launchChromiumServer = () => chromium.launchServer(CHROMIUM);

/** About a cheap Android phone's screen. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

/**
 * An address on a network of the phone's own (10.a.b.1, a random /24), which the shared server
 * reads from X-Forwarded-For since it trusts loopback as its proxy: what one test posts never uses
 * up the rate limits of the phones of another, whether it ran before or runs beside it. A test
 * that needs two phones on one network gives them the same header.
 */
function ownNetwork(): string {
  const [a, b] = crypto.getRandomValues(new Uint8Array(2));
  return `10.${a}.${b}.1`;
}

/** How `open` opens a page, besides the phone's own options. */
export interface OpenOptions extends BrowserContextOptions {
  /** Opens the page in this context instead of a fresh phone. */
  context?: BrowserContext;
  /** Runs on the new page before it loads (listeners, routes, init scripts). */
  before?: (page: Page) => unknown;
  /** When the load counts as done; `networkidle` for pages whose first requests the test reads. */
  waitUntil?: 'load' | 'networkidle';
  /** A selector to wait for once the islands hydrated: a list loaded, a custom element ready. */
  ready?: string;
}

/**
 * The shared Chromium for a test file (connected when its first phone is made; disconnecting after
 * its tests closes every phone the file left open), or with `full` a full Chromium of the file's
 * own, for notifications (the headless shell always reads them as denied and shows none), and
 * phones on the e2e server: `context()` makes a fresh phone
 * (the caller closes it), `open(path)` opens a page on a fresh phone once the page's first island
 * has hydrated (pages without islands: once loaded), `visit(path)` the same with the scripts it loaded.
 * A phone runs the site's service worker only when asked (`serviceWorkers: 'allow'`; a `full` one
 * always, for its notifications): on every fresh phone it fetched and kept the emergency pages and
 * copied every answer, which only the files testing it read.
 */
export function usePhone(defaults: BrowserContextOptions = {}, { full = false } = {}) {
  const { baseURL } = sharedServer();
  let browser: Promise<Browser> | undefined;
  afterAll(async () => (await browser)?.close());

  const context = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    browser ??= full ? chromium.launch({ ...CHROMIUM, executablePath: FULL_CHROMIUM }) : chromium.connect(inject('chromium'));
    const worker = full ? 'allow' : 'block';
    return (await browser).newContext({ ...PHONE, serviceWorkers: worker, baseURL, extraHTTPHeaders: { 'x-forwarded-for': ownNetwork() }, ...defaults, ...options });
  };

  async function load(path: string, { context: given, before, waitUntil, ready, ...options }: OpenOptions = {}) {
    const page = await (given ?? (await context(options))).newPage();
    await before?.(page);
    const response = await page.goto(path, { waitUntil });
    await hydrated(page);
    if (ready) await page.waitForSelector(ready);
    return { page, response };
  }

  const open = async (path: string, options?: OpenOptions): Promise<Page> => (await load(path, options)).page;

  /** `open`, once the network is idle, with the page's answer and the scripts it loaded (the caller closes `context`). */
  async function visit(path: string, options: OpenOptions = {}) {
    let scripts: Promise<string>[] = [];
    const before = async (page: Page) => {
      await options.before?.(page);
      scripts = loadedScripts(page);
    };
    const { page, response } = await load(path, { waitUntil: 'networkidle', ...options, before });
    return { context: page.context(), page, response: response!, scripts };
  }

  return { baseURL, context, open, visit };
}

/**
 * Waits until the page's first island has hydrated, if it has one that hydrates by itself
 * (a `client:visible` island waits to be scrolled to: that is the caller's business). Astro takes
 * off `ssr` as React starts hydrating, in a transition; its handlers are live only once React has
 * claimed the island's elements. A tap before that submits the form without JavaScript and leaves
 * the page, as it would on a slow phone.
 */
export async function hydrated(page: Page): Promise<void> {
  // The page's scripts start after its first paint (src/common/scripts-after-paint.ts): every
  // custom element on it is defined once they have run. A phone without scripts never runs them,
  // and a test that blocks them goes on after a few seconds.
  if (await page.evaluate(() => matchMedia('(scripting: none)').matches)) return;
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('*')].every((element) => !element.localName.includes('-') || element.localName.startsWith('astro-') || customElements.get(element.localName)),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const eager = 'astro-island:not([client="visible"])';
  if (!(await page.locator(eager).count())) return;
  const island = page.locator(`${eager}:not([ssr])`).first();
  await island.waitFor({ state: 'attached' });
  await island.evaluate((element) => {
    const claimed = () => !element.firstElementChild || Object.keys(element.firstElementChild).some((key) => key.startsWith('__reactProps$'));
    return new Promise<void>((done) => {
      const look = () => (claimed() ? done() : setTimeout(look, 10));
      look();
    });
  });
}

/**
 * Gives every island its chance to hydrate, each scrolled into view first (a `client:visible` one
 * waits to be seen); one inside something closed never becomes visible, so it may stay unhydrated.
 */
export async function everyIslandTried(page: Page): Promise<void> {
  for (const island of await page.locator('astro-island').all()) {
    await island.scrollIntoViewIfNeeded().catch(() => undefined);
    await expect
      .poll(() => island.getAttribute('ssr'), { timeout: 3000 })
      .toBeNull()
      .catch(() => undefined);
  }
}

/** Waits until the page listens to the live room. */
export const connected = (page: Page) => page.waitForSelector('live-events[data-connected]', { state: 'attached', timeout: 20_000 });

/** The toast on screen. */
export const toast = (page: Page) => page.locator('toast-region .toast');

/**
 * The text of every script the page loads from now on. A test that reads them awaits them while
 * its page is open; a body still on its way when a test closes a page it never read is let go.
 */
function loadedScripts(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const text = response.text();
    text.catch(() => undefined);
    scripts.push(text);
  });
  return scripts;
}

/**
 * A missing-person post as the API lists it, the n-th named `${name} ${n}`, for a test that
 * answers a list itself (page.route) instead of filling the shared server's board.
 */
export const fakePost = (name: string, n: number): LostFoundPost => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `${name} ${n}`,
  lastSeenCity: null,
  county: null,
  lastSeenDate: null,
  description: null,
  photoUrl: null,
  previewUrl: null,
  contactKind: null,
  showContact: false,
  status: 'missing',
  sample: false,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
});

/** This worker's shared server (tests/e2e/setup.ts): the files that run side by side each have their own. */
export const sharedServer = () => {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
};

/**
 * Posts JSON to the e2e server, or to the server at `base`, each time as another person (its own
 * loopback address): the test files share one server, and what one sets up through the API must
 * not use up the rate limits of the phones another drives from 127.0.0.1.
 */
export const post = (path: string, body: unknown, base = sharedServer().baseURL) => postFrom(loopback(1 + Math.floor(Math.random() * 60_000)), `${base}${path}`, body);

/** A fresh folder of the test's own, removed when the test finishes. */
export function ownFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'fhr-e2e-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * Mounts a real small disk (tmpfs of `size`, such as "24m") over `folder`, unmounted when the test
 * finishes; answers why it could not (it needs root), or nothing.
 */
export function smallDisk(folder: string, size: string): string | undefined {
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], { encoding: 'utf8' });
  if (mount.status !== 0) return mount.stderr.trim();
  // Lazily: the stopped server's files may take a moment to be let go.
  onTestFinished(() => void spawnSync('umount', ['--lazy', folder]));
}

/**
 * A real server of the test's own over `folder` (a fresh one unless given), for what the shared
 * server must not see: an empty database (the default), a restart, a crash, a locked or full disk.
 * Stopped when the test finishes; `restart()` starts it again over the same folder and port.
 * `env` adds settings (PUSH_SERVICE_HOSTS naming a test's push service).
 */
export async function ownServer({ sample = false, folder = ownFolder(), env = {} as Record<string, string> } = {}) {
  let server = await startServer(folder, { sample, env });
  const port = Number(new URL(server.url).port);
  onTestFinished(() => server.stop());
  return {
    folder,
    url: server.url,
    /** What the server wrote so far (since its last start). */
    log: () => server.log(),
    stop: () => server.stop(),
    crash: () => server.crash(),
    async restart() {
      server = await startServer(folder, { sample, port, env });
    },
  };
}
