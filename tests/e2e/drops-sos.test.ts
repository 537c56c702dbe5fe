import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { drops } from '../../db/schema.ts';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import ko from '../../src/common/i18n/ko.json';
import { formatDate } from '../../src/common/format.ts';
import { ownFolder, ownServer, toast, usePhone } from './chromium.ts';

const phone = usePhone();
/** Opens a page once its form works: the /drops island hydrated, the /sos element defined. */
const open = (path: string) => phone.open(path, path.endsWith('/sos') ? { ready: 'sos-form[data-ready]' } : {});

/** Every POST the page sends to our API, from now on. */
function watchPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) posts.push(request);
  });
  return posts;
}

/** The header's links are the spec's fixed nav (its Admin link moved to the footer's "For moderators"): neither page adds anything there. */
const NAV = ['/', '/lost-found', '/pulse', '/success-stories', '/leaderboard', '/donations', '/alerts-live', '/ice-reports', '/jobs', '/resources'];
const navLinks = (page: Page) => page.$$eval('#site-nav a', (links) => links.map((link) => link.getAttribute('href')));

/** The seeded sample drop's date (db/seed.ts): the coming Saturday, today if it is Saturday. */
function nextSaturday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

describe('/drops', () => {
  const openDrops = (path = '/drops') => phone.open(path, { ready: '.drops-next[aria-busy="false"]' });
  const card = (page: Page) => page.locator('.drops-next');
  const volunteerButton = (page: Page) => card(page).getByRole('button', { name: 'Volunteer' });
  const field = (page: Page, name: string) => page.locator(`.drops-volunteer [name="${name}"]`);

  it('shows the next drop from the server, directions, the items and the important information', async () => {
    const page = await openDrops();
    const text = await card(page).textContent();
    const date = formatDate(nextSaturday(), 'en');
    expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await card(page).locator('.drops-date').textContent()).toBe(date);
    expect(text).toContain('10:00 AM - 2:00 PM');
    expect(text).toContain('Roeding Park, north parking lot');
    expect(text).toContain('890 W Belmont Ave, Fresno, CA');
    expect(text).toContain('Fresno');
    expect(text).toContain('Fresh produce, rice and beans');
    expect(text).toContain('Volunteers speak Spanish, Hmong and Punjabi.');
    expect(await card(page).locator('h2 .badge').textContent()).toBe('Sample');
    expect(await card(page).locator('.drops-count').textContent()).toBe('0 volunteers signed up');
    expect(text).not.toContain(en['drops.fallbackPlace']);

    const directions = card(page).getByRole('link', { name: 'Get Directions' });
    expect(await directions.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Roeding Park, north parking lot, 890 W Belmont Ave, Fresno, CA')}`,
    );
    expect(await directions.getAttribute('target')).toBe('_blank');
    expect(await directions.getAttribute('rel')).toContain('noopener');
    // A sample is no event: nothing to add to a calendar.
    expect(await card(page).getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);

    expect(await page.locator('.drops-items li').allTextContents()).toEqual(['Fresh food', 'Clothing', 'Hygiene items', 'Resources and information']);
    expect(await page.locator('.drops-info h2').textContent()).toBe('Important information');
    expect(await page.locator('.drops-info li').allTextContents()).toEqual([en['drops.info1'], en['drops.info2'], en['drops.info3'], en['drops.info4']]);
    expect(await page.textContent('h1')).toBe('Weekly Food & Supply Drop');
    expect(await navLinks(page)).toEqual(NAV);
    await page.context().close();
  });

  it('volunteering: blank fields are refused without sending, a real sign-up counts and stays counted', async () => {
    const page = await openDrops();
    const posts = watchPosts(page);
    expect(await volunteerButton(page).getAttribute('aria-expanded')).toBe('false');
    await volunteerButton(page).click();
    expect(await volunteerButton(page).getAttribute('aria-expanded')).toBe('true');
    // Focus goes into the sign-up.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    await field(page, 'name').fill('   ');
    await field(page, 'contact').fill('(559) 555-0199');
    await page.click('.drops-volunteer button[type="submit"]');
    await expect.poll(() => toast(page).textContent()).toContain('Please enter your name and how to reach you.');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    expect(await field(page, 'name').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'name').fill('María Test');
    await field(page, 'contact').fill('');
    await page.click('.drops-volunteer button[type="submit"]');
    await expect.poll(() => field(page, 'contact').getAttribute('aria-invalid')).toBe('true');
    expect(await toast(page).textContent()).toContain('Please enter your name and how to reach you.');
    expect(posts).toHaveLength(0);

    // Escape closes it and gives focus back to the button; what was typed is still there after.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.drops-volunteer').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Volunteer');
    expect(await volunteerButton(page).getAttribute('aria-expanded')).toBe('false');
    await volunteerButton(page).click();
    expect(await field(page, 'name').inputValue()).toBe('María Test');

    await field(page, 'contact').fill('maria.test@example.org');
    await page.click('.drops-volunteer button[type="submit"]');
    await expect.poll(() => toast(page).textContent()).toContain('Thank you for volunteering!');
    expect(await toast(page).textContent()).toContain('The organizers will contact you.');
    expect(await toast(page).getAttribute('data-variant')).toBe('success');
    expect(await card(page).locator('.drops-count').textContent()).toBe('1 volunteer signed up');
    expect(await page.locator('.drops-volunteer').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Volunteer');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.postDataJSON()).toEqual({ name: 'María Test', contact: 'maria.test@example.org' });

    // Really stored.
    await page.reload();
    await page.waitForSelector('.drops-next[aria-busy="false"]');
    expect(await card(page).locator('.drops-count').textContent()).toBe('1 volunteer signed up');
    await page.context().close();
  });

  it('with no drop scheduled: says so, then the fixed fallback marked as a sample, with directions, nothing to sign up for', async () => {
    // A second real server over an empty database: the API answers null.
    const server = await ownServer();
    const page = await openDrops(`${server.url}/drops`);
    expect(await (await page.request.get(`${server.url}/api/drops/next`)).json()).toBeNull();
    expect(await (await page.request.get(`${server.url}/api/drops`)).json()).toEqual([]);
    expect(await card(page).locator('.drops-none').textContent()).toBe('No drop is scheduled right now.');
    const sample = card(page).locator('.drops-sample');
    const text = await sample.textContent();
    for (const key of ['drops.fallbackDate', 'drops.fallbackTime', 'drops.fallbackPlace', 'drops.fallbackRepeat', 'drops.sampleLead'] as const) expect(text).toContain(en[key]);
    expect(en['drops.fallbackDate']).toBe('Saturday Dec 21st');
    expect(await sample.locator('.badge', { hasText: 'Sample' }).count()).toBe(1);
    const directions = sample.getByRole('link', { name: 'Get Directions' });
    expect(await directions.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=park%20Phoenix');
    expect(await directions.getAttribute('target')).toBe('_blank');
    expect(await card(page).getByRole('button').count()).toBe(0);
    expect(await page.locator('.drops-later').count()).toBe(0);
    expect(await page.locator('.drops-count').count()).toBe(0);
    expect(await page.locator('.drops-items li').count()).toBe(4);
    expect(await page.locator('.drops-info li').count()).toBe(4);
    await page.context().close();
  });

  it('lists every upcoming drop: a second one scheduled shows after the next, with its own sign-up', async () => {
    const server = await ownServer({ sample: true });
    const { client, db } = await openDatabase(`file:${join(server.folder, 'app.db')}`);
    const week = new Date(`${nextSaturday()}T12:00:00Z`);
    week.setUTCDate(week.getUTCDate() + 7);
    const later = week.toISOString().slice(0, 10);
    try {
      await db.insert(drops).values({
        id: 'coat-drive',
        title: 'Coat drive',
        date: later,
        time: '9:00 AM - 1:00 PM',
        city: 'Visalia',
        meetSpot: 'Mooney Grove Park',
        createdAt: new Date().toISOString(),
      });
    } finally {
      client.close();
    }
    const page = await openDrops(`${server.url}/drops`);
    expect(await card(page).locator('.drops-date').textContent()).toBe(formatDate(nextSaturday(), 'en'));
    const second = page.locator('.drops-later');
    expect(await second.locator('h2').textContent()).toBe('Later drops');
    expect(await second.locator('li').count()).toBe(1);
    expect(await second.locator('.drops-date').textContent()).toBe(formatDate(later, 'en'));
    expect(await second.textContent()).toContain('Mooney Grove Park');
    expect(await second.textContent()).toContain('Coat drive');

    // Its calendar file: the browser receives it as a file to open, which a phone hands to its calendar.
    const calendar = second.getByRole('link', { name: 'Add to calendar' });
    expect(await calendar.getAttribute('href')).toBe('/api/drops/coat-drive/calendar.ics');
    const [download] = await Promise.all([page.waitForEvent('download'), calendar.click()]);
    expect(download.suggestedFilename()).toBe(`drop-${later}.ics`);
    // Saved where the test reads it: the shared browser runs apart, so its own download folder is not the test's to read.
    const file = join(ownFolder(), 'drop.ics');
    await download.saveAs(file);
    const ics = readFileSync(file, 'utf8');
    expect(ics).toContain('UID:drop-coat-drive@');
    expect(ics).toContain(`DTSTART;TZID=America/Los_Angeles:${later.replaceAll('-', '')}T090000`);
    expect(ics).toContain('SUMMARY:Coat drive\\, Visalia');

    // Signing up for the later drop counts for that drop only.
    await second.getByRole('button', { name: 'Volunteer' }).click();
    await second.locator('[name="name"]').fill('Rosa Test');
    await second.locator('[name="contact"]').fill('rosa.test@example.org');
    await second.locator('button[type="submit"]').click();
    await expect.poll(() => second.locator('.drops-count').textContent()).toBe('1 volunteer signed up');
    expect(await card(page).locator('.drops-count').textContent()).toBe('0 volunteers signed up');
    await page.context().close();
  });

  it('in Spanish: the Spanish page, the date in Spanish, the same nav', async () => {
    const page = await openDrops('/es/drops');
    expect(await page.getAttribute('html', 'lang')).toBe('es-US');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.title()).toContain(es['site.name']);
    expect((await page.locator('#site-nav a[href="/es/jobs"]').textContent())?.trim()).toBe(es['nav.jobs']);
    expect(await card(page).locator('.drops-date').textContent()).toBe(formatDate(nextSaturday(), 'es'));
    expect(await navLinks(page)).toEqual(NAV.map((path) => (path === '/' ? '/es' : `/es${path}`)));
    await page.context().close();
  });
});

describe('/sos', () => {
  const field = (page: Page, name: string) => page.locator(`.sos-form [name="${name}"]`);
  const send = (page: Page) => page.click('.sos-form button[type="submit"]');

  it('has the hotline, email and crisis lines as links, the tips, and no React at all', async () => {
    const page = await open('/sos');
    expect(await page.textContent('h1')).toBe('Emergency SOS');
    expect(await page.textContent('.page-head .lead')).toContain('call 911');
    const href = (selector: string) => page.locator(`main a[href="${selector}"]`);
    expect(await href('tel:211').textContent()).toContain('Call 2-1-1');
    expect(await href('tel:988').textContent()).toContain('988');
    expect(await href('tel:18002738255').textContent()).toContain('1-800-273-8255');
    expect(await href('tel:18007997233').textContent()).toContain('1-800-799-7233');
    expect(await href('sms:741741?&body=HOME').textContent()).toContain('Text HOME to 741741');
    expect(await href('mailto:help@findhelpreunite.org').count()).toBe(1);
    // Nothing external on this page.
    expect(await page.locator('main a[href^="http"]').count()).toBe(0);
    expect(await page.locator('.sos-tips li').allTextContents()).toEqual([en['sos.tip1'], en['sos.tip2'], en['sos.tip3'], en['sos.tip4']]);
    expect(await navLinks(page)).toEqual(NAV);

    // Plain HTML; the form is a small custom element, no island.
    const html = await (await page.request.get('/sos')).text();
    expect(html).not.toMatch(/<astro-island\b/);
    expect(await page.locator('sos-form form').count()).toBe(1);
    await page.context().close();
  });

  it('empty details: the toast, nothing sent, the rest kept', async () => {
    const page = await open('/sos');
    const posts = watchPosts(page);
    await field(page, 'city').fill('Bakersfield');
    await field(page, 'details').fill('  ');
    await send(page);
    await expect.poll(() => toast(page).textContent()).toContain('Details required');
    expect(await toast(page).textContent()).toContain('Please describe the emergency situation.');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    expect(await field(page, 'details').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'city').inputValue()).toBe('Bakersfield');
    expect(posts).toHaveLength(0);
    await page.context().close();
  });

  it('a real SOS is sent and the form is cleared', async () => {
    const page = await open('/sos');
    const posts = watchPosts(page);
    await field(page, 'city').fill('Fresno');
    await field(page, 'details').fill(`Family of four without shelter tonight ${Date.now()}`);
    await field(page, 'contact').fill('(559) 555-0123');
    await send(page);
    await expect.poll(() => toast(page).textContent()).toContain('SOS request sent');
    expect(await toast(page).textContent()).toContain(
      "Your request reached our community's volunteer moderators, not emergency services. They answer when they can. If you are in danger now, call 911.",
    );
    expect(await toast(page).getAttribute('data-variant')).toBe('success');
    for (const name of ['city', 'details', 'contact']) expect(await field(page, name).inputValue()).toBe('');
    expect(await page.locator('.sos-form button[type="submit"]').textContent()).toBe('Send SOS');
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!.url()).pathname).toBe('/api/sos');
    expect((await posts[0]!.response())?.status()).toBe(201);
    await page.context().close();
  });

  it('when the server refuses, everything typed is kept and the error toast shows', async () => {
    const page = await open('/sos');
    // The box stops at the limit; without that cap the server itself refuses.
    await page.evaluate(() => document.querySelector('.sos-form [name="details"]')!.removeAttribute('maxlength'));
    const tooLong = 'x'.repeat(2001);
    await field(page, 'city').fill('Merced');
    await field(page, 'details').fill(tooLong);
    await field(page, 'contact').fill('help.me@example.org');
    await send(page);
    await expect.poll(() => toast(page).textContent()).toContain('Error sending SOS');
    expect(await toast(page).textContent()).toContain('Please try again or call 911 for immediate emergency.');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    expect(await field(page, 'city').inputValue()).toBe('Merced');
    expect(await field(page, 'details').inputValue()).toBe(tooLong);
    expect(await field(page, 'contact').inputValue()).toBe('help.me@example.org');
    expect(await page.locator('.sos-form button[type="submit"]').isEnabled()).toBe(true);
    await page.context().close();
  });

  it('each language says what works for its speakers: /es/sos texts AYUDA, /sos and /ko/sos HOME, /ko/sos asks for an interpreter', async () => {
    const textLine = (page: Page) => page.locator('main a[href^="sms:741741"]');
    const notes = (page: Page, line: string) => page.locator(`.sos-lines [data-line="${line}"] .sos-language`).allTextContents();

    const spanish = await open('/es/sos');
    expect(await textLine(spanish).getAttribute('href')).toBe('sms:741741?&body=AYUDA');
    expect(await textLine(spanish).textContent()).toContain('Envía AYUDA al 741741');
    expect(await notes(spanish, 'lifeline')).toEqual([es['crisis.lifelineSpanish'].replace('{word}', 'AYUDA')]);
    expect(await notes(spanish, 'textLine')).toEqual([es['crisis.inSpanish']]);
    await spanish.context().close();

    const english = await open('/sos');
    expect(await textLine(english).getAttribute('href')).toBe('sms:741741?&body=HOME');
    expect(await english.locator('.sos-language').count()).toBe(0);
    await english.context().close();

    const korean = await open('/ko/sos');
    expect(await textLine(korean).getAttribute('href')).toBe('sms:741741?&body=HOME');
    expect(await notes(korean, 'lifeline')).toEqual([ko['crisis.interpreter'], ko['crisis.textEnglishSpanish']]);
    expect(await notes(korean, 'domestic')).toEqual([ko['crisis.interpreter']]);
    expect(await notes(korean, 'textLine')).toEqual([ko['crisis.textEnglishSpanish']]);
    await korean.context().close();
  });

  it('in Arabic: right to left, with every phone number kept left to right', async () => {
    const page = await open('/ar/sos');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    for (const selector of ['tel:211', 'tel:988', 'tel:18002738255', 'tel:18007997233', 'sms:741741?&body=HOME']) {
      expect(await page.locator(`main a[href="${selector}"] [dir="ltr"]`).count(), selector).toBeGreaterThan(0);
    }
    // Every run of digits in the page's content sits inside a left-to-right element.
    const loose = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (parent.closest('script, style')) continue;
        if (/\d/.test(node.textContent ?? '') && !parent.closest('[dir="ltr"]')) found.push(node.textContent!);
      }
      return found;
    });
    expect(loose).toEqual([]);
    expect(await page.locator('main [dir="ltr"]', { hasText: '1-800-273-8255' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
