import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { californiaToday } from '../../functions/domain/time.ts';
import type { Dashboard } from '../../src/common/contract/index.ts';
import { connected, hydrated, sharedServer, toast, usePhone } from './chromium.ts';

const { admin } = sharedServer();
const phone = usePhone();
const { baseURL } = phone;
// Cancel and Remove ask first; the tests say yes.
const sayYes = (page: Page) => page.on('dialog', (dialog) => void dialog.accept());
const open = (path: string, context?: BrowserContext) => phone.open(path, { context, before: sayYes });
/** The toast's title and description, without its close button. */
const toastText = async (page: Page) => (await toast(page).locator(':is(.toast-title, .toast-description)').allTextContents()).join(' | ');

/** A browser signed in on /admin through the sign-in form. */
async function signIn(): Promise<BrowserContext> {
  const context = await phone.context();
  const page = await open('/admin', context);
  await page.fill('input[name="username"]', admin.name);
  await page.fill('input[name="password"]', admin.secret);
  await page.click('.admin-sign-in button[type="submit"]');
  await page.waitForSelector('.admin-bar');
  await page.close();
  return context;
}

/** Opens an admin page already signed in, once its list has loaded. */
const desk = (context: BrowserContext, path: string) => phone.open(path, { context, before: sayYes, ready: '.admin-list[aria-busy="false"]' });

describe('protection', () => {
  // One visitor's phone goes from page to page (a fresh phone for each cost three times the processor time).
  it('shows no sign-in anywhere on the public pages', async () => {
    const page = await phone.open('/');
    for (const path of ['/', '/lost-found', '/jobs', '/es/resources']) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.locator('input[type="password"]').count(), path).toBe(0);
      expect(await page.locator('main').textContent(), path).not.toContain(en['admin.signIn']);
    }
    await page.context().close();
  });

  it('shows every admin page to a visitor as a sign-in form only, and the API refuses them', async () => {
    const page = await open('/admin');
    for (const path of ['/admin', '/drops-admin', '/resources-admin', '/jobs-admin', '/responders-admin']) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForSelector('.admin-sign-in');
      expect(await page.locator('.admin-desk').count(), path).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    }
    expect(await page.evaluate(async () => (await fetch('/api/admin/dashboard')).status)).toBe(401);
    await page.context().close();
  });

  it('refuses a wrong secret, then signs in with a __Host- cookie that scripts cannot read, and signs out', async () => {
    const page = await open('/admin');
    await page.fill('input[name="username"]', admin.name);
    await page.fill('input[name="password"]', 'not-the-secret');
    await page.click('.admin-sign-in button[type="submit"]');
    await expect.poll(() => page.locator('.admin-problem').textContent()).toBe(en['admin.wrongSecret']);
    expect(await page.inputValue('input[name="password"]')).toBe('');

    await page.fill('input[name="password"]', admin.secret);
    await page.click('.admin-sign-in button[type="submit"]');
    await page.waitForSelector('.admin-bar');
    expect(await page.locator('.admin-bar span').textContent()).toBe(en['admin.signedInAs'].replace('{name}', admin.name));
    const [cookie] = (await page.context().cookies()).filter((item) => item.name === '__Host-admin');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // Real figures (other test files add to them on the shared server), the donations from configuration (none: $0).
    const { counts } = await page.evaluate(async () => (await (await fetch('/api/admin/dashboard')).json()) as Dashboard);
    expect(counts.members).toBe(counts.subscribers + counts.volunteers);
    expect(counts.missing).toBeGreaterThanOrEqual(4);
    await expect
      .poll(() => page.locator('.admin-tiles .stat strong').allTextContents())
      .toEqual([String(counts.members), String(counts.missing), String(counts.scheduledDrops), '$\u200E0']);

    await page.getByRole('button', { name: en['admin.signOut'] }).click();
    await page.waitForSelector('.admin-sign-in');
    await page.reload();
    await page.waitForSelector('.admin-sign-in');
  });
});

describe('the desk', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await signIn();
  });
  afterAll(() => context?.close());

  it('draws the sign-in form before any answer for a visitor, and never for a browser signed in before', async () => {
    /**
     * /admin while the session check is held back until the test lets it go (`answer`): the first
     * paint, whatever scripts did before it. It was held 1.5 s, which a busy machine could outlast.
     */
    const beforeTheAnswer = async (given: BrowserContext) => {
      const page = await given.newPage();
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/admin/session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/admin', { waitUntil: 'domcontentloaded' });
      return { page, answer };
    };
    const visitor = await phone.context();
    const fresh = await beforeTheAnswer(visitor);
    expect(await fresh.page.locator('.admin-sign-in').isVisible()).toBe(true);
    expect(await fresh.page.locator('.admin-checking').isVisible()).toBe(false);
    fresh.answer();
    await visitor.close();

    const { page, answer } = await beforeTheAnswer(context);
    expect(await page.locator('.admin-sign-in').isVisible()).toBe(false);
    expect(await page.locator('.admin-checking').textContent()).toBe(en['admin.checking']);
    answer();
    await page.waitForSelector('.admin-bar');
    expect(await page.locator('.admin-sign-in').count()).toBe(0);
    await page.close();
  });

  it('creates a drop that appears on /drops and as a live toast on another open page', async () => {
    const today = californiaToday(Date.now());
    const page = await desk(context, '/drops-admin');
    const sample = page.locator('li.admin-item', { hasText: 'Weekly Food & Supply Drop' });
    const title = `Coat drive ${Date.now()}`;
    try {
      // The sample drop is set to planning, so ours (today) is the next public one; Edit really saves.
      await sample.getByRole('button', { name: en['dropsAdmin.edit'] }).click();
      await expect.poll(() => toast(page).textContent()).toContain(en['dropsAdmin.editing']);
      await page.selectOption('select[name="status"]', 'planning');
      await page.click('.admin-form button[type="submit"]');
      await expect.poll(() => toast(page).textContent()).toContain(en['dropsAdmin.updated']);
      await expect.poll(() => sample.locator('.badge').first().textContent()).toBe(en['dropsAdmin.planning']);

      // Required fields are checked before anything is sent.
      await page.click('.admin-form button[type="submit"]');
      await expect.poll(() => toastText(page)).toBe(`${en['admin.requiredTitle']} | ${en['dropsAdmin.required']}`);

      const watcher = await open('/jobs');
      await connected(watcher);
      await page.getByRole('button', { name: en['dropsAdmin.quickFood'] }).click();
      expect(await page.inputValue('input[name="title"]')).toBe(en['dropsAdmin.foodTitle']);
      await page.fill('input[name="title"]', title);
      await page.fill('input[name="date"]', today);
      await page.fill('input[name="meetSpot"]', 'Fulton Street Plaza');
      await page.fill('input[name="city"]', 'Fresno');
      await page.click('.admin-form button[type="submit"]');
      await expect.poll(() => toastText(page)).toBe(`${en['dropsAdmin.created']} | ${en['dropsAdmin.createdText']}`);
      await page.locator('li.admin-item', { hasText: title }).waitFor();
      await expect.poll(() => toast(watcher).textContent(), { timeout: 10_000 }).toContain(en['live.dropTitle']);
      expect(await toast(watcher).textContent()).toContain('Fulton Street Plaza, Fresno');

      const drops = await open('/drops');
      await drops.waitForSelector('.drops-next[aria-busy="false"]');
      expect(await drops.locator('.drops-name').textContent()).toBe(title);
      expect(await drops.locator('.drops-next').textContent()).toContain('Fulton Street Plaza');

      // Share: no share sheet in headless Chromium, so the text goes to the clipboard.
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.locator('li.admin-item', { hasText: title }).getByRole('button', { name: en['dropsAdmin.share'] }).click();
      await expect.poll(() => toast(page).textContent()).toContain(en['dropsAdmin.copied']);
      const shared = await page.evaluate(() => navigator.clipboard.readText());
      expect(shared).toContain(title);
      expect(shared).toContain(en['dropsAdmin.shareNoDocs']);
      expect(shared).toContain(`${baseURL}/drops`);
    } finally {
      // Leave the shared server as the other test files expect it: the sample drop active, ours gone.
      await sample.getByRole('button', { name: en['dropsAdmin.edit'] }).click();
      await page.selectOption('select[name="status"]', 'active');
      await page.click('.admin-form button[type="submit"]');
      await expect.poll(() => sample.locator('.badge').first().textContent()).toBe(en['dropsAdmin.live']);
      const ours = page.locator('li.admin-item', { hasText: title });
      if (await ours.count()) {
        await ours.getByRole('button', { name: en['dropsAdmin.cancel'] }).click();
        await expect.poll(() => toast(page).textContent()).toContain(en['dropsAdmin.deleted']);
        await expect.poll(() => ours.count()).toBe(0);
      }
    }
  });

  it("leads from the dashboard's cards and quick actions to the desks, where a moderator's own resource is published at once", async () => {
    const page = await open('/admin', context);
    await page.waitForSelector('.admin-cards a');
    const hrefs = (selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(await hrefs('.admin-cards a')).toEqual(['#moderation', '/drops-admin', '/jobs-admin', '/resources-admin', '#moderation', '#moderation', '/responders-admin']);
    expect(await hrefs('.cta-buttons a')).toEqual(['/submit-missing', '/drops-admin', '/jobs-admin', '/resources-admin']);
    await page.getByRole('link', { name: en['admin.manageMissing'] }).click();
    expect(await page.locator('#moderation .admin-tabs [aria-pressed="true"]').textContent()).toBe(en['admin.lostFoundTab']);

    await page.getByRole('link', { name: en['admin.quickResource'] }).click();
    await page.waitForURL(/\/resources-admin$/);
    await page.waitForSelector('.admin-list[aria-busy="false"]');
    const name = `Legal clinic ${Date.now()}`;
    await page.fill('input[name="name"]', name);
    await page.selectOption('select[name="adminCategory"]', 'Legal Aid');
    await page.fill('input[name="address"]', '12 Main St');
    await page.getByRole('button', { name: en['resourcesAdmin.add'] }).click();
    await expect.poll(() => toastText(page)).toBe(`${en['resourcesAdmin.added']} | ${en['resourcesAdmin.verifiedText']}`);
    const item = page.locator('li.admin-item', { hasText: name });
    await expect.poll(() => item.locator('.badge').first().textContent()).toBe(en['resourcesAdmin.verifiedBadge']);
    try {
      const listed = (await (await page.request.get('/api/resources')).json()) as { name: string; verified: boolean }[];
      expect(listed.find((resource) => resource.name === name)).toMatchObject({ verified: true });
    } finally {
      await item.getByRole('button', { name: en['resourcesAdmin.remove'] }).click();
      await expect.poll(() => toast(page).textContent()).toContain(en['resourcesAdmin.deleted']);
    }
  });

  it('verifies a pending resource, which then appears on /resources', async () => {
    const name = `Night shelter ${Date.now()}`;
    const page = await desk(context, '/resources-admin');
    const submitted = await page.request.post('/api/resources', { data: { name, category: 'Shelter', city: 'Merced', address: '5 Oak St' } });
    expect(submitted.status()).toBe(201);
    await page.reload();
    await page.waitForSelector('.admin-list[aria-busy="false"]');
    const item = page.locator('li.admin-item', { hasText: name });
    expect(await item.locator('.badge').first().textContent()).toBe(en['resourcesAdmin.pending']);
    expect(await item.locator('.badge.type').textContent()).toBe(en['adminCategory.Housing']);

    const directory = await open('/resources');
    await directory.waitForSelector('.resources-list[aria-busy="false"]');
    expect(await directory.locator('li.resource-card', { hasText: name }).count()).toBe(0);
    try {
      await item.getByRole('button', { name: en['resourcesAdmin.verify'] }).click();
      await expect.poll(() => toastText(page)).toBe(`${en['resourcesAdmin.verified']} | ${en['resourcesAdmin.verifiedText']}`);
      await expect.poll(() => item.locator('.badge').first().textContent()).toBe(en['resourcesAdmin.verifiedBadge']);
      // A listed resource can be checked again: its date becomes today's (the API's test checks the date and name).
      const again = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/verify'));
      await item.getByRole('button', { name: en['resourcesAdmin.verifyAgain'] }).click();
      expect((await again).status()).toBe(200);
      // The open directory hears the live event and shows it without a reload.
      await expect.poll(() => directory.locator('li.resource-card', { hasText: name }).count(), { timeout: 10_000 }).toBe(1);
    } finally {
      await item.getByRole('button', { name: en['resourcesAdmin.remove'] }).click();
      await expect.poll(() => toast(page).textContent()).toContain(en['resourcesAdmin.deleted']);
    }
    await directory.reload();
    await directory.waitForSelector('.resources-list[aria-busy="false"]');
    expect(await directory.locator('li.resource-card', { hasText: name }).count()).toBe(0);
  });

  it('approves a pending job, which then appears on /jobs', async () => {
    const title = `Roofer helper ${Date.now()}`;
    const page = await desk(context, '/jobs-admin');
    expect((await page.request.post('/api/jobs', { data: { title, city: 'Visalia', contact: '(559) 555-0190' } })).status()).toBe(201);
    await page.reload();
    await page.waitForSelector('.admin-list[aria-busy="false"]');
    const item = page.locator('li.admin-item', { hasText: title });
    expect(await item.locator('.badge').first().textContent()).toBe(en['jobsAdmin.pending']);
    try {
      await item.getByRole('button', { name: en['jobsAdmin.approve'] }).click();
      await expect.poll(() => toastText(page)).toBe(`${en['jobsAdmin.approved']} | ${en['jobsAdmin.approvedText']}`);
      await expect.poll(() => item.locator('.badge').first().textContent()).toBe(en['jobsAdmin.active']);
      const jobs = await open('/jobs');
      await jobs.locator('li.jobs-card', { hasText: title }).waitFor();
    } finally {
      await item.getByRole('button', { name: en['jobsAdmin.remove'] }).click();
      await expect.poll(() => toast(page).textContent()).toContain(en['jobsAdmin.deleted']);
    }
  });

  it('shows the desk in Arabic, right to left', async () => {
    const page = await desk(context, '/ar/jobs-admin');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(ar['jobsAdmin.title']);
    expect(await page.locator('.admin-footer-block li').first().textContent()).toBe(ar['sector.RestaurantWork']);
  });
});
