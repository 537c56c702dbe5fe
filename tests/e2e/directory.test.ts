import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { californiaClock } from '../../src/common/contract/hours.ts';
import { WEEKDAYS, type Weekday } from '../../src/common/contract/limits.ts';
import en from '../../src/common/i18n/en.json';
import { californiaToday } from '../../functions/domain/time.ts';
import { sharedServer, toast, usePhone } from './chromium.ts';

const { admin } = sharedServer();
const phone = usePhone();
const sayYes = (page: Page) => page.on('dialog', (dialog) => void dialog.accept());

let context: BrowserContext;
beforeAll(async () => {
  context = await phone.context();
  const page = await phone.open('/admin', { context });
  await page.fill('input[name="username"]', admin.name);
  await page.fill('input[name="password"]', admin.secret);
  await page.click('.admin-sign-in button[type="submit"]');
  await page.waitForSelector('.admin-bar');
  await page.close();
});
afterAll(() => context?.close());

const stamp = Date.now();
const OPEN = `Open pantry ${stamp}`;
const CLOSED = `Closed clinic ${stamp}`;

/** Adds a resource on /resources-admin through its form: one opening period on `day`, the day's whole length. */
async function addOnDesk(page: Page, name: string, day: Weekday, details: { languages: string[]; cost?: string; notRequired: string[] }) {
  await page.fill('input[name="name"]', name);
  await page.selectOption('select[name="adminCategory"]', 'Food Assistance');
  await page.fill('input[name="address"]', '1 Main St');
  // The editor starts with one empty row; 00:00 as the closing time is midnight, the end of the day.
  await page.selectOption('select[name="schedule.day"]', day);
  await page.fill('input[name="schedule.opens"]', '00:00');
  await page.fill('input[name="schedule.closes"]', '00:00');
  for (const code of details.languages) await page.check(`input[name="languages"][value="${code}"]`);
  for (const what of details.notRequired) await page.check(`input[name="notRequired"][value="${what}"]`);
  if (details.cost) await page.selectOption('select[name="cost"]', details.cost);
  await page.getByRole('button', { name: en['resourcesAdmin.add'] }).click();
  await expect.poll(() => toast(page).first().textContent()).toContain(en['resourcesAdmin.added']);
  await expect.poll(() => page.locator('li.admin-item', { hasText: name }).count()).toBe(1);
}

it('a moderator adds hours, languages and "no ID"; /resources shows them and its filters narrow the list', async () => {
  const today = californiaClock(Date.now()).day;
  const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(today) + 1) % 7]!;
  const desk = await phone.open('/resources-admin', { context, before: sayYes, ready: '.admin-list[aria-busy="false"]' });
  // A phone's width: the hours editor's row fits without scrolling sideways.
  expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await addOnDesk(desk, OPEN, today, { languages: ['es', 'mix'], cost: 'free', notRequired: ['id', 'ssn'] });
  await addOnDesk(desk, CLOSED, tomorrow, { languages: ['vi'], notRequired: [] });
  const added = desk.locator('li.admin-item', { hasText: OPEN });
  const verifiedToday = (dateStyle: 'medium' | 'long') =>
    new Intl.DateTimeFormat('en-US', { dateStyle, timeZone: 'UTC' }).format(Date.parse(`${californiaToday(Date.now())}T00:00:00Z`));
  expect(await added.textContent()).toContain(en['resources.verifiedOn'].replace('{date}', verifiedToday('medium')));

  try {
    const page = await phone.open('/resources', { ready: '.resources-list[aria-busy="false"]' });
    const card = (name: string) => page.locator('li.resource-card', { has: page.locator('h3', { hasText: name }) });
    const open = card(OPEN);
    expect(await open.locator('[data-open]').textContent()).toBe(en['resources.openNow']);
    expect(await card(CLOSED).locator('[data-open]').textContent()).toBe(en['resources.closedNow']);
    expect(await open.locator('[data-cost]').textContent()).toBe(en['directory.cost.free']);
    expect(await open.locator('[data-not-required]').allTextContents()).toEqual([en['directory.no.id'], en['directory.no.ssn']]);
    expect(await open.locator('[data-field="languages"]').textContent()).toBe(`${en['directory.languages']}: Spanish and ${en['directory.langMix']}`);
    const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 23 + WEEKDAYS.indexOf(today)));
    expect(await open.locator('[data-field="hours"]').textContent()).toBe(`${dayName} 00:00–24:00`);
    expect(await open.locator('[data-field="verifiedOn"]').textContent()).toBe(en['resources.verifiedOn'].replace('{date}', verifiedToday('long')));
    // Resources with no hours (the samples) say neither open nor closed.
    expect(await page.locator('li.resource-card:not(:has([data-open]))').count()).toBeGreaterThan(0);

    await page.getByLabel(en['resources.openNow']).check();
    await expect.poll(() => card(CLOSED).count()).toBe(0);
    expect(await open.count()).toBe(1);
    expect(await page.locator('li.resource-card:not(:has([data-open="true"]))').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('openNow')).toBe('1');

    await page.getByLabel(en['resources.openNow']).uncheck();
    await page.selectOption('select[data-filter="language"]', 'es');
    await expect.poll(() => card(CLOSED).count()).toBe(0);
    expect(await open.count()).toBe(1);
    await page.selectOption('select[data-filter="language"]', 'vi');
    await expect.poll(() => open.count()).toBe(0);
    expect(await card(CLOSED).count()).toBe(1);
    await page.selectOption('select[data-filter="language"]', '');
    await page.getByLabel(en['directory.no.id']).check();
    await expect.poll(() => card(CLOSED).count()).toBe(0);
    expect(await open.count()).toBe(1);

    // A shared link keeps the filters, and the API filters the same way.
    const shared = await phone.open('/resources?openNow=1&language=es', { ready: '.resources-list[aria-busy="false"]' });
    await expect.poll(() => shared.locator('li.resource-card h3').allTextContents()).toContain(OPEN);
    expect(await shared.locator('li.resource-card h3').allTextContents()).not.toContain(CLOSED);
    const listed = (await (await shared.request.get('/api/resources?openNow=1&language=es')).json()) as { name: string }[];
    expect(listed.map((resource) => resource.name)).toContain(OPEN);
    expect(listed.map((resource) => resource.name)).not.toContain(CLOSED);
    await shared.context().close();
    await page.context().close();
  } finally {
    for (const name of [OPEN, CLOSED]) {
      await desk.locator('li.admin-item', { hasText: name }).getByRole('button', { name: en['resourcesAdmin.remove'] }).click();
      await expect.poll(() => desk.locator('li.admin-item', { hasText: name }).count()).toBe(0);
    }
  }
});
