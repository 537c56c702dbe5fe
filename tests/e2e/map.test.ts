import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlaceCounts } from '../../src/common/contract/places.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { post, usePhone } from './chromium.ts';

const phone = usePhone();

/** Opens a map page, noting every address it asks for, once its counts are in. */
async function openMap(path: string) {
  const asked: string[] = [];
  const page = await phone.open(path, { before: (page) => page.on('request', (request) => asked.push(request.url())), waitUntil: 'networkidle' });
  await page.waitForSelector('.map-table td[data-layer]:not(:empty)', { state: 'attached' });
  return { page, asked };
}

const fresnoRow = (page: Page) => page.locator('.map-table tr[data-county="Fresno"]');
const alertsNow = async () => ((await (await fetch(`${phone.baseURL}/api/places/counts`)).json()) as PlaceCounts).alerts.Fresno ?? 0;

describe('/map', () => {
  it('draws the 58 counties from the page itself, shades an alert posted in Fresno on Fresno County, and lists it in the table', async () => {
    const before = await alertsNow();
    const posted = await post('/api/alerts', { city: 'fresno, ca', details: 'Free food boxes at the park until 4 pm' });
    expect(posted.status).toBe(201);
    const count = before + 1;

    const { page, asked } = await openMap('/map');
    expect(await page.locator('svg.map-counties path[data-county]').count()).toBe(58);
    const origin = new URL(phone.baseURL).origin;
    expect(asked.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
    expect(asked.filter((url) => new URL(url).pathname === '/api/places/counts')).toHaveLength(1);

    const fresno = page.locator('svg.map-counties path[data-county="Fresno"]');
    expect(Number(await fresno.getAttribute('data-level'))).toBeGreaterThan(0);
    expect(await fresno.locator('title').textContent()).toBe(`Fresno County, Alerts: ${count}`);
    expect(await page.locator('svg.map-counties path[data-county="Alpine"]').getAttribute('data-level')).toBe('0');

    // The table is the map for the keyboard: busiest counties first, each a link to its board.
    expect(await page.locator('.map-table tbody tr').count()).toBe(58);
    expect(await fresnoRow(page).locator('td[data-layer="alerts"]').textContent()).toBe(String(count));
    expect(await page.locator('.map-table tbody tr').first().getAttribute('data-county')).not.toBe('Alpine');
    const link = fresnoRow(page).getByRole('link', { name: 'Fresno' });
    expect(await link.getAttribute('href')).toBe('/alerts#county=Fresno');

    // The layer choice points the counties at another board.
    await page.getByRole('button', { name: en['map.layerResources'] }).click();
    expect(await page.getByRole('button', { name: en['map.layerResources'] }).getAttribute('aria-pressed')).toBe('true');
    expect(await link.getAttribute('href')).toBe('/resources#county=Fresno');
    expect(await fresno.locator('title').textContent()).toMatch(/^Fresno County, Resources: \p{Nd}+$/u);

    // A tap on the county opens that board.
    await page.getByRole('button', { name: en['map.layerAlerts'] }).click();
    await fresno.click();
    await page.waitForURL('**/alerts#county=Fresno');
    await page.context().close();
  });

  it('without JavaScript says the counts need it, and waits for nothing', async () => {
    const context = await phone.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ar/map');
    expect(await page.locator('main').textContent()).toContain(ar['map.noscript']);
    expect(await page.getByText(ar['common.loading']).isVisible()).toBe(false);
    // The table still names every county, each a link to a board.
    expect(await page.locator('.map-table tbody th a').count()).toBe(58);
    await context.close();
  });

  it('reads right to left in Arabic, the map itself as it is', async () => {
    const { page } = await openMap('/ar/map');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(ar['map.title']);
    expect(await page.locator('svg.map-counties path[data-county]').count()).toBe(58);
    expect(await fresnoRow(page).getByRole('link').getAttribute('href')).toBe('/ar/alerts#county=Fresno');
    expect(await page.locator('svg.map-counties path[data-county="Fresno"] title').textContent()).toMatch(/^مقاطعة Fresno، التنبيهات: \p{Nd}+$/u);
    await page.context().close();
  });
});
