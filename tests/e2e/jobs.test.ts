import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import { toast, usePhone } from './chromium.ts';

const { open } = usePhone();
/** /jobs once its list has arrived. */
const openBoard = (path = '/jobs') => open(path, { ready: '.jobs-list[aria-busy="false"]' });
const boardCard = (page: Page, title: string) => page.locator('.jobs-list li.jobs-card', { hasText: title });
const savedCard = (page: Page, title: string) => page.locator('.jobs-saved li.jobs-card', { hasText: title });
const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

/** Every POST to /api/jobs this page sends. */
function watchPosts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') sent.push(request.postData() ?? '');
  });
  return sent;
}

it('lists the sample jobs newest first, with their apply links, badges and default notes', async () => {
  const page = await openBoard();
  expect(await page.locator('h1').textContent()).toBe('California Job Opportunities');
  expect(await page.getAttribute('.page-head a.button:not(.secondary)', 'href')).toBe('/submit-job');
  expect(await page.getAttribute('.page-head a.button.secondary', 'href')).toBe('/jobs');

  const titles = await page.locator('.jobs-list li.jobs-card .jobs-card-title').allTextContents();
  expect(titles).toEqual(['Farm harvest crew', 'Kitchen helper', 'House cleaning team', 'Warehouse packer']);

  const farm = boardCard(page, 'Farm harvest crew');
  expect(await farm.locator('.jobs-pay').textContent()).toBe('$18-20/hour');
  expect(await farm.locator('.jobs-city').textContent()).toBe('Madera');
  expect(await farm.locator('.jobs-employer').textContent()).toBe('Sunrise Orchards');
  expect(await farm.locator('.jobs-notes').textContent()).toBe('Almond and grape harvest, 6 AM start. Transport from Madera available.');
  expect(await farm.locator('a.jobs-apply').getAttribute('href')).toBe('tel:5595550171');
  expect(await farm.locator('a.jobs-apply').getAttribute('target')).toBeNull();
  expect(await farm.locator('.badge', { hasText: 'Sample' }).count()).toBe(1);

  const kitchen = boardCard(page, 'Kitchen helper');
  expect(await kitchen.locator('a.jobs-apply').getAttribute('href')).toBe('mailto:jobs.lafonda.sample@example.org');
  expect(await kitchen.locator('.jobs-notes').textContent()).toBe('Contact employer for more details about this opportunity.');

  const cleaning = boardCard(page, 'House cleaning team');
  const web = cleaning.locator('a.jobs-apply');
  expect(await web.getAttribute('href')).toBe('https://example.org/bright-home-jobs');
  expect(await web.getAttribute('target')).toBe('_blank');
  expect(await web.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await cleaning.locator('.jobs-pay').count()).toBe(0);

  const warehouse = boardCard(page, 'Warehouse packer');
  expect(await warehouse.locator('a.jobs-apply').getAttribute('href')).toBe('tel:2095550184');

  // The badge only where the job accepts no papers.
  for (const title of ['Farm harvest crew', 'Kitchen helper', 'House cleaning team']) {
    expect(await boardCard(page, title).locator('.badge', { hasText: 'No papers required' }).count()).toBe(1);
  }
  expect(await warehouse.locator('.badge', { hasText: 'No papers required' }).count()).toBe(0);

  // The info box with its four notes.
  expect(await page.locator('.jobs-info h2').textContent()).toBe(en['jobs.infoTitle']);
  expect(await page.locator('.jobs-info li').allTextContents()).toEqual([en['jobs.info1'], en['jobs.info2'], en['jobs.info3'], en['jobs.info4']]);
  await page.context().close();
});

it('a bookmarked job is kept on the phone: listed under Saved jobs, after a reload, even once gone from the board', async () => {
  const page = await openBoard();
  expect(await page.locator('.jobs-saved').textContent()).toContain(en['jobs.savedNone']);

  const bookmark = boardCard(page, 'Warehouse packer').locator('button.jobs-bookmark');
  expect(await bookmark.getAttribute('aria-pressed')).toBe('false');
  expect(await bookmark.textContent()).toBe('Save job');
  await bookmark.click();
  await expect.poll(() => toast(page).textContent()).toContain('Job saved on this phone');
  expect(await bookmark.getAttribute('aria-pressed')).toBe('true');
  expect(await bookmark.textContent()).toBe('Remove from saved');
  expect(await savedCard(page, 'Warehouse packer').count()).toBe(1);
  expect(await page.locator('.jobs-saved').textContent()).not.toContain(en['jobs.savedNone']);

  // The whole job is stored, not only its id.
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('savedJobs'))) ?? '[]');
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ title: 'Warehouse packer', employer: 'Central Valley Produce', city: 'Stockton', contact: '(209) 555-0184', acceptsNoPapers: false });

  await page.reload();
  await page.waitForSelector('.jobs-list[aria-busy="false"]');
  await expect.poll(() => savedCard(page, 'Warehouse packer').count()).toBe(1);
  expect(await boardCard(page, 'Warehouse packer').locator('button.jobs-bookmark').getAttribute('aria-pressed')).toBe('true');
  expect(await savedCard(page, 'Warehouse packer').locator('a.jobs-apply').getAttribute('href')).toBe('tel:2095550184');

  // A saved job that has since left the board is still shown, with its apply link.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('savedJobs') ?? '[]');
    const gone = {
      id: 'gone-job',
      title: 'Orchard pruning (filled)',
      employer: 'Old Farm',
      city: 'Visalia',
      payRange: '$16/hour',
      notes: null,
      contact: 'hire@oldfarm.example',
      acceptsNoPapers: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      sample: false,
    };
    localStorage.setItem('savedJobs', JSON.stringify([gone, ...saved]));
  });
  await page.reload();
  await page.waitForSelector('.jobs-list[aria-busy="false"]');
  await expect.poll(() => savedCard(page, 'Orchard pruning (filled)').count()).toBe(1);
  expect(await boardCard(page, 'Orchard pruning (filled)').count()).toBe(0);
  expect(await savedCard(page, 'Orchard pruning (filled)').locator('a.jobs-apply').getAttribute('href')).toBe('mailto:hire@oldfarm.example');
  expect(await savedCard(page, 'Orchard pruning (filled)').locator('.jobs-notes').textContent()).toBe(en['jobs.defaultNotes']);

  // Un-bookmarking (here from the saved list) removes it, for good.
  await savedCard(page, 'Warehouse packer').locator('button.jobs-bookmark').click();
  await expect.poll(() => toast(page).textContent()).toContain('Job removed from saved');
  expect(await savedCard(page, 'Warehouse packer').count()).toBe(0);
  expect(await boardCard(page, 'Warehouse packer').locator('button.jobs-bookmark').getAttribute('aria-pressed')).toBe('false');
  await savedCard(page, 'Orchard pruning (filled)').locator('button.jobs-bookmark').click();
  await expect.poll(() => page.locator('.jobs-saved').textContent()).toContain(en['jobs.savedNone']);
  await page.reload();
  await page.waitForSelector('.jobs-list[aria-busy="false"]');
  await expect.poll(() => page.locator('.jobs-saved').textContent()).toContain(en['jobs.savedNone']);
  expect(await page.locator('.jobs-saved li').count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('savedJobs'))).toBe('[]');
  await page.context().close();
});

it('/submit-job: a blank title, then a blank contact, each stops the post with its own toast', async () => {
  const page = await open('/submit-job');
  const sent = watchPosts(page);
  expect(await page.getAttribute('a.back-link', 'href')).toBe('/jobs');
  expect(await page.locator('main').textContent()).toContain(en['submitJob.review']);
  expect(await field(page, 'acceptsNoPapers').isChecked()).toBe(true);

  await field(page, 'title').fill('   ');
  await field(page, 'employer').fill('Valley Landscaping');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Job title required');
  expect(await toast(page).textContent()).toContain('Please enter the job title.');
  expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
  expect(await field(page, 'title').getAttribute('aria-invalid')).toBe('true');
  expect(await field(page, 'employer').inputValue()).toBe('Valley Landscaping');

  await field(page, 'title').fill('Landscaping helper');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain(en['submitJob.contactRequired']);
  expect(await toast(page).textContent()).toContain(en['submitJob.contactRequiredText']);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('contact');
  expect(await field(page, 'contact').getAttribute('aria-invalid')).toBe('true');

  // Give any stray request time to show up before saying none was sent.
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
  await page.context().close();
});

it('/submit-job: a valid job is sent, the form resets, and it waits for approval (not on /jobs)', async () => {
  const page = await open('/submit-job');
  const sent = watchPosts(page);
  const title = `Roofing helper ${Date.now()}`;
  await field(page, 'title').fill(title);
  await field(page, 'employer').fill('Golden State Roofing');
  await field(page, 'city').fill('Bakersfield');
  await field(page, 'payRange').fill('$20-24/hour');
  await field(page, 'notes').fill('Morning shifts, tools provided.');
  await field(page, 'contact').fill('(661) 555-0133');
  await field(page, 'acceptsNoPapers').uncheck();
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/jobs' && response.request().method() === 'POST');
  await page.click('form button[type="submit"]');
  expect((await answer).status()).toBe(201);

  await expect.poll(() => toast(page).textContent()).toContain('Job posted successfully!');
  expect(await toast(page).textContent()).toContain(en['submitJob.successText']);
  expect(JSON.parse(sent[0]!)).toEqual({
    title,
    employer: 'Golden State Roofing',
    city: 'Bakersfield',
    payRange: '$20-24/hour',
    notes: 'Morning shifts, tools provided.',
    contact: '(661) 555-0133',
    acceptsNoPapers: false,
  });
  for (const name of ['title', 'employer', 'city', 'payRange', 'notes', 'contact']) {
    expect(await field(page, name).inputValue()).toBe('');
  }
  expect(await field(page, 'acceptsNoPapers').isChecked()).toBe(true);
  expect(await page.locator('form button[type="submit"]').textContent()).toBe('Post Job');

  const board = await openBoard();
  expect(await board.locator('.jobs-list li.jobs-card').count()).toBeGreaterThan(0);
  expect(await boardCard(board, title).count()).toBe(0);
  for (const p of [page, board]) await p.context().close();
});

it('/submit-job: when the server refuses, every value stays and the error toast shows', async () => {
  const page = await open('/submit-job');
  const sent = watchPosts(page);
  // The details box stops at the limit; without that cap the server itself refuses.
  await page.evaluate(() => document.querySelector('form [name="notes"]')!.removeAttribute('maxlength'));
  const tooLong = 'x'.repeat(2001);
  await field(page, 'title').fill('Dishwasher');
  await field(page, 'employer').fill('Taqueria El Sol');
  await field(page, 'city').fill('Oakland');
  await field(page, 'payRange').fill('$18/hour');
  await field(page, 'notes').fill(tooLong);
  await field(page, 'contact').fill('elsol@example.org');
  await field(page, 'acceptsNoPapers').uncheck();
  await page.click('form button[type="submit"]');

  await expect.poll(() => toast(page).textContent()).toContain('Error submitting job');
  expect(await toast(page).textContent()).toContain('Please check your information and try again.');
  expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
  expect(sent).toHaveLength(1);
  expect(await field(page, 'title').inputValue()).toBe('Dishwasher');
  expect(await field(page, 'employer').inputValue()).toBe('Taqueria El Sol');
  expect(await field(page, 'city').inputValue()).toBe('Oakland');
  expect(await field(page, 'payRange').inputValue()).toBe('$18/hour');
  expect(await field(page, 'notes').inputValue()).toBe(tooLong);
  expect(await field(page, 'contact').inputValue()).toBe('elsol@example.org');
  expect(await field(page, 'acceptsNoPapers').isChecked()).toBe(false);
  // The field the server named is marked.
  expect(await field(page, 'notes').getAttribute('aria-invalid')).toBe('true');
  expect(await page.locator('form button[type="submit"]').isEnabled()).toBe(true);
  await page.context().close();
});

it('other languages: /es/jobs in Spanish with its jobs, /ar/jobs right to left', async () => {
  const spanish = await openBoard('/es/jobs');
  expect(await spanish.getAttribute('html', 'lang')).toBe('es-US');
  expect(await spanish.getAttribute('html', 'dir')).toBe('ltr');
  expect(await spanish.locator('.site-header').textContent()).toContain(es['site.name']);
  expect(await spanish.locator('h1').textContent()).toBe((es as Record<string, string>)['jobs.title'] ?? en['jobs.title']);
  expect(await spanish.getAttribute('.page-head a.button:not(.secondary)', 'href')).toBe('/es/submit-job');
  expect(await boardCard(spanish, 'Farm harvest crew').count()).toBe(1);

  const arabic = await openBoard('/ar/jobs');
  expect(await arabic.getAttribute('html', 'dir')).toBe('rtl');
  expect(await arabic.getAttribute('html', 'lang')).toBe('ar');
  expect(await arabic.locator('h1').textContent()).toBe((ar as Record<string, string>)['jobs.title'] ?? en['jobs.title']);
  expect(await boardCard(arabic, 'Kitchen helper').locator('a.jobs-apply').getAttribute('href')).toBe('mailto:jobs.lafonda.sample@example.org');

  const form = await open('/es/submit-job');
  expect(await form.getAttribute('a.back-link', 'href')).toBe('/es/jobs');
  for (const p of [spanish, arabic, form]) await p.context().close();
});
