import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/common/i18n/en.json';
import { post, usePhone } from './chromium.ts';

const phone = usePhone();

/** Downtown Fresno, as a phone's location service gives it. */
const FRESNO = { latitude: 36.7378, longitude: -119.7871 };

/** Lists and the place data arrive over the e2e server, on a machine shared with other tests. */
const WAIT = { timeout: 10_000 };
const card = (page: Page, id: string) => page.locator(`li.alert[data-alert-id="${id}"]`);
const area = (page: Page) => page.locator('area-choice select');

/** Posts an alert the way another phone would, and gives its id. */
async function postAlert(city: string, details: string): Promise<string> {
  const answer = await post('/api/alerts', { city, details });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** Waits for the alerts board's answer to a request for `county`. */
const listed = (page: Page, county: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/alerts' && url.searchParams.get('county') === county;
  });

describe('place fields', () => {
  it('suggest California places from the phone itself, and say which place a ZIP code is', async () => {
    const asked: string[] = [];
    const page = await phone.open('/submit-alert', { before: (page) => page.on('request', (request) => asked.push(request.url())) });
    const city = page.locator('input[name="city"]');
    const list = page.locator(`datalist[id="${await city.getAttribute('list')}"]`);

    // The browser's own list offers the places, each with its county.
    await city.pressSequentially('fres');
    await expect.poll(() => list.locator('option').first().getAttribute('value'), WAIT).toBe('Fresno');
    expect(await list.locator('option').first().getAttribute('label')).toBe('Fresno County');
    await city.fill('angeles');
    await expect.poll(() => list.locator('option[value="Los Angeles"]').count()).toBe(1);

    const hint = page.locator('.place-hint');
    await city.fill('93701');
    await expect.poll(() => hint.textContent()).toBe('93701 → Fresno, Fresno County');
    expect(await hint.isVisible()).toBe(true);
    expect((await city.getAttribute('aria-describedby'))?.split(' ')).toContain(await hint.getAttribute('id'));
    // A place no list knows stays as typed.
    await city.fill('Rancho Nowhere');
    expect(await city.inputValue()).toBe('Rancho Nowhere');
    expect(await hint.isVisible()).toBe(false);

    // Nothing typed left the phone: the suggestions came from the page's own place data.
    expect(asked.filter((url) => /fres|93701|nowhere/i.test(url))).toEqual([]);
    expect(asked.some((url) => /\/_astro\/places\.[^/]+\.js$/.test(url))).toBe(true);
    await page.context().close();
  });

  it('keep what was typed before the page scripts arrived: a slow phone loses nothing', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const context = await phone.context();
    // Every script of the page is held back until the person has typed.
    await context.route(/\/_astro\/.+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    const page = await context.newPage();
    // The page is drawn, its scripts still on their way (they hold back its load events too).
    await page.goto('/submit-alert', { waitUntil: 'commit' });
    await page.waitForSelector('textarea[name="details"]');
    await page.fill('input[name="city"]', 'Fresno');
    await page.fill('textarea[name="details"]', `Typed before the form woke up ${Date.now()}`);
    release();
    // React has taken the form and its city field over once its props hang on their elements.
    await page.waitForFunction(() =>
      ['input[name="city"]', 'textarea[name="details"]'].every((field) => Object.keys(document.querySelector(field) ?? {}).some((key) => key.startsWith('__reactProps'))),
    );
    await page.click('form button[type="submit"]');
    await expect.poll(() => page.locator('toast-region .toast').textContent(), WAIT).toContain(en['submitAlert.success']);
    await context.close();
  });

  it('keep the city typed while the suggestions are still on their way, as other fields are filled', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const context = await phone.context();
    await context.route(/\/_astro\/city\.[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto('/submit-alert');
    await page.waitForFunction(() => Object.keys(document.querySelector('textarea[name="details"]') ?? {}).some((key) => key.startsWith('__reactProps')));
    await page.fill('input[name="city"]', 'Fresno');
    // The form draws itself again as this is typed: the city field must not be drawn anew, empty.
    await page.fill('textarea[name="details"]', `Typed while the suggestions came ${Date.now()}`);
    release();
    await page.locator('input[name="city"]').focus();
    await expect.poll(() => page.locator('datalist option').count(), WAIT).toBeGreaterThan(0);
    expect(await page.inputValue('input[name="city"]')).toBe('Fresno');
    await page.click('form button[type="submit"]');
    await expect.poll(() => page.locator('toast-region .toast').textContent(), WAIT).toContain(en['submitAlert.success']);
    await context.close();
  });
});

describe('the area choice', () => {
  it('narrows the alerts board to a county, chosen on arrival from the map link or here', async () => {
    const details = `Food boxes at the park, ${Date.now()}`;
    const id = await postAlert('fresno', details);

    const page = await phone.open('/alerts#county=Fresno');
    expect(await area(page).inputValue()).toBe('Fresno');
    await expect.poll(() => card(page, id).count(), WAIT).toBe(1);

    const losAngeles = listed(page, 'Los Angeles');
    await area(page).selectOption('Los Angeles');
    await losAngeles;
    await expect.poll(() => card(page, id).count(), WAIT).toBe(0);
    // The choice is the fragment, never the query: nothing about it reaches the server but the list's own request.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#county=Los%20Angeles');

    // Back to all of California (the page's preloaded first answer, so no request to wait for).
    await area(page).selectOption('');
    await expect.poll(() => card(page, id).count(), WAIT).toBe(1);
    expect(new URL(page.url()).hash).toBe('');
    await page.context().close();
  });

  it('"near me" finds the county on the phone and sends only the county, never the position', async () => {
    const id = await postAlert('Fresno, CA', `Water and blankets at the church, ${Date.now()}`);
    const sent: string[] = [];
    const page = await phone.open('/alerts', {
      geolocation: FRESNO,
      permissions: ['geolocation'],
      before: (page) => page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`)),
    });
    const fresno = listed(page, 'Fresno');
    await area(page).selectOption('near');
    await fresno;
    await expect.poll(() => page.locator('area-choice [role="status"]').textContent(), WAIT).toContain('Near Fresno (Fresno County)');
    await expect.poll(() => card(page, id).count(), WAIT).toBe(1);
    expect(await area(page).inputValue()).toBe('near');

    const coordinates = sent.filter((line) => /36\.73|-119\.78|119\.78/.test(line));
    expect(coordinates).toEqual([]);
    expect(sent.some((line) => line.includes('county=Fresno'))).toBe(true);
    await page.context().close();
  });

  it('says when the position is refused, and shows all of California', async () => {
    const page = await phone.open('/alerts', { geolocation: FRESNO, permissions: [] });
    await area(page).selectOption('near');
    await expect.poll(() => page.locator('area-choice [role="status"]').textContent(), WAIT).toBe(en['place.nearFailed']);
    expect(await area(page).inputValue()).toBe('');
    await page.context().close();
  });
});
