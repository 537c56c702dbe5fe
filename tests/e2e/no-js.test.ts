import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import type { Dashboard, LostFoundPost } from '../../src/common/contract/index.ts';
import { sharedServer, usePhone } from './chromium.ts';

/**
 * With JavaScript off (or before an island wakes up), every form still posts, is stored with the
 * same checks, and answers a page in the visitor's language; nothing typed ever travels in an
 * address.
 */
const { context } = usePhone({ javaScriptEnabled: false });
const { admin } = sharedServer();

/** A page on a phone without scripts, recording the address of every request it makes. */
async function phone(): Promise<{ browser: BrowserContext; page: Page; urls: string[] }> {
  const browser = await context();
  const urls: string[] = [];
  browser.on('request', (request) => urls.push(request.url()));
  return { browser, page: await browser.newPage(), urls };
}

/** No request carried any of the typed values in its address (query or path). */
function leaked(urls: string[], typed: string[]): string[] {
  return urls.filter((url) => typed.some((value) => decodeURIComponent(url.replace(/\+/g, ' ')).includes(value)));
}

describe('forms without JavaScript', () => {
  it('the admin signs in, an SOS is sent and stored, and nothing typed reaches an address', async () => {
    const { browser, page, urls } = await phone();
    await page.goto('/admin');
    await page.fill('input[name="username"]', admin.name);
    await page.fill('input[name="password"]', admin.secret);
    await page.click('form button[type="submit"]');
    await page.waitForURL('**/api/admin/session');
    expect(await page.locator('h1').textContent()).toBe(en['admin.signedInAs'].replace('{name}', admin.name));
    expect(await page.getAttribute('main a', 'href')).toBe('/admin');

    const details = 'I am hiding at 12 Oak St';
    await page.goto('/sos');
    await page.fill('[name="city"]', 'Fresno');
    await page.fill('[name="details"]', details);
    await page.fill('[name="contact"]', '555-0100');
    await page.click('.sos-send');
    await page.waitForURL('**/api/sos');
    expect(await page.locator('h1').textContent()).toBe(en['sos.sent']);
    expect(await page.locator('main').textContent()).toContain(en['sos.sentToVolunteers']);

    const dashboard = (await (await browser.request.get('/api/admin/dashboard')).json()) as Dashboard;
    expect(dashboard.sos.find((sos) => sos.details === details)).toMatchObject({ city: 'Fresno', contact: '555-0100' });
    expect(leaked(urls, [details, '555-0100', 'Fresno', admin.secret])).toEqual([]);
    await browser.close();
  });

  it('a lost-and-found post is stored and answers its private manage link, in Arabic', async () => {
    const { browser, page, urls } = await phone();
    await page.goto('/ar/lost-found');
    await page.fill('.board-form [name="name"]', 'روزا بلا جافاسكربت');
    await page.fill('.board-form [name="lastSeenCity"]', 'Arvin');
    await page.click('.board-form button[type="submit"]');
    await page.waitForURL('**/api/lost-found');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(ar['lostFound.success']);
    const manage = await page.locator('a[href^="/ar/manage#missing."]').getAttribute('href');
    const posts = (await (await browser.request.get('/api/lost-found')).json()) as LostFoundPost[];
    const stored = posts.find((post) => post.name === 'روزا بلا جافاسكربت');
    expect(stored).toMatchObject({ lastSeenCity: 'Arvin' });
    expect(manage).toContain(`#missing.${stored!.id}.`);
    expect(leaked(urls, ['روزا', 'Arvin'])).toEqual([]);
    await browser.close();
  });

  it('a refused post says why and keeps what was typed in a form that posts again', async () => {
    const { browser, page, urls } = await phone();
    await page.goto('/submit-missing');
    await page.fill('form [name="name"]', 'Kept Name');
    await page.fill('form [name="description"]', 'Red jacket');
    await page.click('form button[type="submit"]');
    await page.waitForURL('**/api/lost-found');
    expect(await page.locator('h1').textContent()).toBe(en['submitMissing.contactRequired']);
    expect(await page.inputValue('[name="name"]')).toBe('Kept Name');
    expect(await page.inputValue('[name="description"]')).toBe('Red jacket');
    expect(await page.getAttribute('[name="contact"]', 'aria-invalid')).toBe('true');

    await page.fill('[name="contact"]', 'kept@example.org');
    await page.click('form button[type="submit"]');
    await page.waitForSelector('.notice:not(.failed)');
    expect(await page.locator('h1').textContent()).toBe(en['submitMissing.success']);
    const posts = (await (await browser.request.get('/api/lost-found')).json()) as LostFoundPost[];
    expect(posts.find((post) => post.name === 'Kept Name')).toMatchObject({ description: 'Red jacket', contactKind: 'email' });
    expect(leaked(urls, ['Kept Name', 'Red jacket', 'kept@example.org'])).toEqual([]);
    await browser.close();
  });
});
