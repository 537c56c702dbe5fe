import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_RESOURCE_CATEGORIES, PUBLIC_CATEGORY_OF, RESOURCE_CATEGORIES } from '../../src/common/contract/limits.ts';
import ar from '../../src/common/i18n/ar.json';
import es from '../../src/common/i18n/es.json';
import { LOCALES } from '../../src/common/i18n/languages.ts';
import { adminCategoryKey } from '../../src/common/i18n/values.ts';
import { ownServer, toast, usePhone } from './chromium.ts';

const { open } = usePhone();
/** The directory once its list has loaded. */
const openDirectory = (path = '/resources') => open(path, { ready: '.resources-list[aria-busy="false"]' });
const card = (page: Page, name: string) => page.locator('li.resource-card', { has: page.locator('h3', { hasText: name }) });
const cardNames = (page: Page) => page.locator('li.resource-card h3').allTextContents();
const chip = (page: Page, category: string) => page.locator(`.resources-chip[data-category="${category}"]`);

const PANTRY = 'Valley Community Food Pantry';
const PANTRY_ADDRESS = '1820 E Belmont Ave, Fresno, CA';
const CLINIC = 'Immigrant Rights Legal Clinic';
const JOB_HELP = 'Punjabi Sikh Community Center Job Help';
const SAMPLE_NAMES = [PANTRY, 'Casa Segura Family Shelter', CLINIC, 'Clínica Comunitaria del Valle', JOB_HELP, 'Free English Classes at the Library'];

it('lists the sample resources with their star, sample badge and Call, Visit and Directions buttons', async () => {
  const page = await openDirectory();
  expect(await page.locator('h1').textContent()).toBe('Community Resources');
  expect(await page.locator('a.button', { hasText: 'Add a resource' }).getAttribute('href')).toBe('/submit-resource');
  expect((await cardNames(page)).sort()).toEqual([...SAMPLE_NAMES].sort());

  const pantry = card(page, PANTRY);
  expect(await pantry.locator('.resource-category').textContent()).toBe('Food');
  expect(await pantry.locator('.resource-category svg').count()).toBe(1);
  expect(await pantry.locator('[data-verified] .sr-only').textContent()).toBe('Verified');
  expect(await pantry.locator('.badge', { hasText: 'Sample' }).getAttribute('title')).toBe('Example post so you can see how the board works.');
  expect(await pantry.locator('.resource-notes').textContent()).toBe('Groceries every Tuesday and Friday, 9 AM to noon. No ID needed.');
  expect(await pantry.locator('[data-field="address"]').textContent()).toBe(PANTRY_ADDRESS);
  expect(await pantry.locator('[data-field="phone"]').textContent()).toBe('(559) 555-0110');
  expect(await pantry.locator('[data-field="city"]').textContent()).toBe('Fresno');
  const call = pantry.locator('a[data-action="call"]');
  expect(await call.textContent()).toBe('Call');
  expect(await call.getAttribute('href')).toBe('tel:5595550110');
  const directions = pantry.locator('a[data-action="directions"]');
  expect(await directions.textContent()).toBe('Directions');
  expect(await directions.getAttribute('href')).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${PANTRY} ${PANTRY_ADDRESS}`)}`);
  expect(await directions.getAttribute('href')).toContain('Valley%20Community%20Food%20Pantry%201820%20E%20Belmont%20Ave');
  expect(await directions.getAttribute('target')).toBe('_blank');
  expect(await directions.getAttribute('rel')).toBe('noopener noreferrer');
  // No link, no Visit button.
  expect(await pantry.locator('a[data-action="visit"]').count()).toBe(0);

  const clinic = card(page, CLINIC);
  const visit = clinic.locator('a[data-action="visit"]');
  expect(await visit.textContent()).toBe('Visit');
  expect(await visit.getAttribute('href')).toBe('https://example.org/legal-clinic');
  expect(await visit.getAttribute('target')).toBe('_blank');
  expect(await visit.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await clinic.locator('a[data-action="call"]').getAttribute('href')).toBe('tel:5105550133');

  // Only the two resources with a link have Visit; only verified ones have the star.
  expect(await page.locator('a[data-action="visit"]').count()).toBe(2);
  expect(await page.locator('[data-verified]').count()).toBe(4);
  expect(await card(page, 'Clínica Comunitaria del Valle').locator('[data-verified]').count()).toBe(0);
  // A resource without notes gets the default words.
  expect(await card(page, JOB_HELP).locator('.resource-notes').textContent()).toBe('Community resource available.');

  await page.context().close();
});

it('the filter shows only one category, by mouse, keyboard or shared link, and goes back to All', async () => {
  const page = await openDirectory();
  expect(await chip(page, 'All').getAttribute('aria-pressed')).toBe('true');
  expect(await page.locator('.resources-chip').allTextContents()).toEqual(['All', 'Food', 'Shelter', 'Legal', 'Medical', 'Employment', 'Education']);

  await chip(page, 'Legal').click();
  expect(await chip(page, 'Legal').getAttribute('aria-pressed')).toBe('true');
  expect(await chip(page, 'All').getAttribute('aria-pressed')).toBe('false');
  expect(await cardNames(page)).toEqual([CLINIC]);
  expect(new URL(page.url()).searchParams.get('category')).toBe('Legal');

  // By keyboard: Tab to the next button and press Enter.
  await chip(page, 'Legal').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await chip(page, 'Medical').getAttribute('aria-pressed')).toBe('true');
  expect(await cardNames(page)).toEqual(['Clínica Comunitaria del Valle']);

  // A shared link opens on the same category.
  await page.goto('/resources?category=Employment');
  await page.waitForSelector('.resources-list[aria-busy="false"]');
  await expect.poll(() => chip(page, 'Employment').getAttribute('aria-pressed')).toBe('true');
  expect(await cardNames(page)).toEqual([JOB_HELP]);

  await chip(page, 'All').click();
  expect((await cardNames(page)).length).toBe(SAMPLE_NAMES.length);
  expect(new URL(page.url()).search).toBe('');
  await page.context().close();
});

it('an empty name shows the validation toast, focuses the field and sends nothing', async () => {
  const page = await open('/submit-resource');
  expect(await page.locator('a.back-link').getAttribute('href')).toBe('/resources');
  expect(await page.locator('a.back-link').textContent()).toBe('Back to resources');
  expect(await page.locator('main').textContent()).toContain('Resources are reviewed by our team and appear in the directory within 24-48 hours.');
  expect(await page.locator('select[name="category"] option').allTextContents()).toEqual(['Food', 'Shelter', 'Legal', 'Medical', 'Employment', 'Education']);
  expect(await page.getAttribute('input[name="phone"]', 'type')).toBe('tel');
  expect(await page.getAttribute('input[name="phone"]', 'dir')).toBe('ltr');

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/resources')) sent.push(request.method());
  });
  await page.fill('input[name="name"]', '   ');
  await page.fill('input[name="city"]', 'Merced');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Name required');
  expect(await toast(page).textContent()).toContain('Please enter the resource name.');
  expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
  expect(await page.getAttribute('input[name="name"]', 'aria-invalid')).toBe('true');
  expect(await page.inputValue('input[name="city"]')).toBe('Merced');
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
  await page.context().close();
});

it('a valid submission thanks the person, clears the form and waits for review before being listed', async () => {
  const page = await open('/submit-resource');
  const name = `Night Shelter Test ${Date.now()}`;
  const posted: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/resources') && request.method() === 'POST') posted.push(request.postDataJSON());
  });
  await page.fill('input[name="name"]', name);
  await page.selectOption('select[name="category"]', 'Shelter');
  await page.fill('input[name="city"]', 'Visalia');
  await page.fill('input[name="address"]', '300 N Court St, Visalia, CA');
  await page.fill('input[name="phone"]', '(559) 555-0199');
  await page.fill('input[name="link"]', 'example.org/night-shelter');
  await page.fill('textarea[name="notes"]', 'Beds for 20 people, open 7 PM.');
  await page.click('form button[type="submit"]');

  await expect.poll(() => toast(page).textContent()).toContain('Resource submitted successfully');
  expect(await toast(page).textContent()).toContain('Thank you! It will appear after review, within 24-48 hours.');
  expect(await toast(page).getAttribute('data-variant')).toBe('success');
  for (const field of ['input[name="name"]', 'input[name="city"]', 'input[name="address"]', 'input[name="phone"]', 'input[name="link"]', 'textarea[name="notes"]']) {
    expect(await page.inputValue(field)).toBe('');
  }
  expect(await page.inputValue('select[name="category"]')).toBe('Food');
  // A web address typed without its scheme is sent as https.
  expect(posted).toEqual([
    {
      name,
      category: 'Shelter',
      city: 'Visalia',
      address: '300 N Court St, Visalia, CA',
      phone: '(559) 555-0199',
      link: 'https://example.org/night-shelter',
      notes: 'Beds for 20 people, open 7 PM.',
      // The directory's details left as they were: no hours (the empty row is not sent), nothing chosen.
      schedule: [],
      languages: [],
      cost: null,
      notRequired: [],
      whatToBring: '',
      eligibility: '',
    },
  ]);

  // Pending: the directory does not list it.
  const directory = await openDirectory();
  expect(await cardNames(directory)).not.toContain(name);
  expect((await cardNames(directory)).length).toBe(SAMPLE_NAMES.length);
  await chip(directory, 'Shelter').click();
  expect(await cardNames(directory)).toEqual(['Casa Segura Family Shelter']);
  for (const open of [page, directory]) await open.context().close();
});

it('when the server refuses, the form keeps everything typed and says so', async () => {
  const page = await open('/submit-resource');
  // The notes box stops at the limit; without that cap the server itself refuses. The cap comes
  // off once React has taken the box over, or it would draw the box again with its cap.
  await page.waitForFunction(() => Object.keys(document.querySelector('textarea[name="notes"]') ?? {}).some((key) => key.startsWith('__reactProps')));
  await page.evaluate(() => document.querySelector('textarea[name="notes"]')!.removeAttribute('maxlength'));
  const tooLong = 'x'.repeat(2001);
  await page.fill('input[name="name"]', 'Kept Resource');
  await page.selectOption('select[name="category"]', 'Legal');
  await page.fill('input[name="city"]', 'Modesto');
  await page.fill('input[name="phone"]', '(209) 555-0100');
  await page.fill('textarea[name="notes"]', tooLong);
  expect(await page.inputValue('textarea[name="notes"]')).toBe(tooLong);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/resources') && response.request().method() === 'POST');
  await page.click('form button[type="submit"]');
  expect((await answer).status()).toBe(400);

  await expect.poll(() => toast(page).textContent()).toContain('Error submitting resource');
  expect(await toast(page).textContent()).toContain('Please check your information and try again.');
  expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
  expect(await page.inputValue('input[name="name"]')).toBe('Kept Resource');
  expect(await page.inputValue('select[name="category"]')).toBe('Legal');
  expect(await page.inputValue('input[name="city"]')).toBe('Modesto');
  expect(await page.inputValue('input[name="phone"]')).toBe('(209) 555-0100');
  expect(await page.inputValue('textarea[name="notes"]')).toBe(tooLong);
  // The field the server refused is marked and focused.
  expect(await page.getAttribute('textarea[name="notes"]', 'aria-invalid')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('notes');
  expect(await page.locator('form button[type="submit"]').textContent()).toBe('Submit Resource');
  expect(await page.locator('form button[type="submit"]').isEnabled()).toBe(true);
  await page.context().close();
});

it('the Arabic directory reads right to left with the same cards', async () => {
  const page = await openDirectory('/ar/resources');
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.getAttribute('html', 'lang')).toMatch(/^ar/);
  expect((await cardNames(page)).sort()).toEqual([...SAMPLE_NAMES].sort());
  expect(await card(page, PANTRY).locator('a[data-action="call"]').getAttribute('href')).toBe('tel:5595550110');
  expect(await page.locator('a.button[href="/ar/submit-resource"]').count()).toBe(1);
  await page.context().close();

  const spanish = await openDirectory('/es/resources');
  expect(await spanish.getAttribute('html', 'lang')).toMatch(/^es/);
  expect(await spanish.getAttribute('html', 'dir')).toBe('ltr');
  expect(await spanish.locator('.site-nav a[href="/es/resources"]').textContent()).toContain(es['nav.resources']);
  expect((await cardNames(spanish)).length).toBe(SAMPLE_NAMES.length);
  await spanish.context().close();

  const form = await open('/ar/submit-resource');
  expect(await form.getAttribute('html', 'dir')).toBe('rtl');
  expect(await form.locator('a.back-link').getAttribute('href')).toBe('/ar/resources');
  await form.context().close();
});

it('an empty directory says so for All and for each category', async () => {
  // A second real server over a database without the sample content.
  const server = await ownServer();
  const page = await openDirectory(`${server.url}/resources`);
  expect(await page.locator('.resources-list .empty').textContent()).toBe('No resources available yet.');
  expect(await page.locator('li.resource-card').count()).toBe(0);
  await chip(page, 'Legal').click();
  expect(await page.locator('.resources-list .empty').textContent()).toBe('No Legal resources found.');
  await chip(page, 'Education').click();
  expect(await page.locator('.resources-list .empty').textContent()).toBe('No Education resources found.');
  await chip(page, 'All').click();
  expect(await page.locator('.resources-list .empty').textContent()).toBe('No resources available yet.');
  await page.context().close();
});

it("says, where people filter, which of the moderators' categories each chip gathers (Mental Health under Medical)", async () => {
  const page = await openDirectory('/ar/resources');
  const note = page.locator('.resources-includes:not([hidden])');
  for (const category of RESOURCE_CATEGORIES) {
    await chip(page, category).click();
    const gathered = ADMIN_RESOURCE_CATEGORIES.filter((admin) => PUBLIC_CATEGORY_OF[admin] === category);
    const expected =
      gathered.length > 1
        ? ar['resources.includes']
            .replace('{category}', ar[`category.${category}`])
            .replace('{kinds}', new Intl.ListFormat(LOCALES.ar, { type: 'conjunction' }).format(gathered.map((admin) => ar[adminCategoryKey(admin) as keyof typeof ar])))
        : '';
    await expect.poll(async () => ((await note.count()) ? note.textContent() : ''), { timeout: 2000 }).toBe(expected);
    if (expected) expect(await page.locator(`#${await chip(page, category).getAttribute('aria-describedby')}`).textContent()).toBe(expected);
  }
  await chip(page, 'Medical').click();
  expect(await note.textContent()).toContain(ar['adminCategory.MentalHealth']);
  await page.context().close();
});
