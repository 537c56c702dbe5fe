/**
 * Contact without exposure, in a phone's browser: a record whose family keeps the contact hidden
 * (the default) offers "Send a message to the family" on the board; the record's page takes the
 * message (its proof of work solved on the phone); the family reads it on My posts under the scam
 * warning. A poster who ticks "Show my contact" gets the Contact button instead.
 */
import { describe, expect, it } from 'vitest';
import type { Created, LostFoundPost } from '../../src/common/contract/index.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { codeTexted } from '../text-codes.ts';
import { ownServer, post, toast, usePhone } from './chromium.ts';

const phone = usePhone();

async function newRecord(name: string, extra: Record<string, unknown> = {}) {
  const response = await post('/api/lost-found', { name, lastSeenCity: 'Fresno', contact: '(559) 555-0142', ...extra });
  expect(response.status).toBe(201);
  return (await response.json()) as Created<LostFoundPost>;
}

describe('a message to the family, on a phone', () => {
  it('goes from the board card to the record’s form, and reaches My posts under the scam warning; the page never shows the contact', async () => {
    const record = await newRecord(`Rosa Relay ${Date.now()}`);
    const page = await phone.open('/lost-found', { ready: '.post' });
    const card = page.locator('li.post').filter({ hasText: record.name });
    expect(await card.getByRole('button', { name: en['lostFound.contactButton'] }).count()).toBe(0);
    await card.getByRole('link', { name: en['relay.button'] }).click();
    await page.waitForURL(/\/person\/[^/?#]+#message$/);
    const form = page.locator('.person-message');
    await expect.poll(() => form.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('message');
    expect(await page.locator('main').textContent()).not.toContain('555-0142');

    // A blank message is refused on the phone, in the page's words, and nothing is sent.
    await form.getByLabel(en['relay.name']).fill('Lupe');
    await form.getByRole('button', { name: en['relay.submit'] }).click();
    await expect.poll(() => toast(page).textContent()).toContain(en['relay.messageRequired']);
    await form.getByLabel(en['relay.message']).fill('I saw her at the Fresno bus station on Monday.');
    await form.getByLabel(en['relay.reach']).fill('lupe@example.org');
    await form.getByRole('button', { name: en['relay.submit'] }).click();
    await expect.poll(() => toast(page).last().textContent(), { timeout: 20_000 }).toContain(en['relay.sent']);
    expect(await form.getByLabel(en['relay.message']).inputValue()).toBe('');

    const mine = await page.context().newPage();
    await mine.goto(`/manage#missing.${record.id}.${record.manageToken}`);
    const messages = mine.locator('.my-post');
    await expect.poll(() => messages.textContent(), { timeout: 15_000 }).toContain('Fresno bus station');
    expect(await messages.locator('.scam-warning').first().textContent()).toBe(en['manage.scamWarning']);
    expect(await messages.textContent()).toContain(en['manage.messageFrom'].replace('{name}', 'Lupe'));
    expect(await messages.getByRole('link', { name: 'lupe@example.org' }).getAttribute('href')).toBe('mailto:lupe@example.org');
    expect(await messages.getByRole('checkbox', { name: en['manage.showContact'] }).isChecked()).toBe(false);
    await page.context().close();
  });

  it('in Arabic, right to left, the form and its answer speak Arabic', async () => {
    const record = await newRecord(`Amina Relay ${Date.now()}`);
    const page = await phone.open(`/ar/person/${record.id}#message`, { ready: 'astro-island:not([ssr]) .person-message' });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const form = page.locator('.person-message');
    expect(await form.locator('h2').textContent()).toBe(ar['relay.title']);
    await form.getByLabel(ar['relay.name']).fill('ليلى');
    await form.getByLabel(ar['relay.message']).fill('رأيتها في محطة الحافلات يوم الاثنين.');
    await form.getByRole('button', { name: ar['relay.submit'] }).click();
    await expect.poll(() => toast(page).last().textContent(), { timeout: 20_000 }).toContain(ar['relay.sent']);
    await page.context().close();
  });

  it('a poster who chooses to show the contact gets the Contact button, and no message form', async () => {
    const page = await phone.open('/submit-missing', { ready: 'form' });
    const name = `Daniel Shown ${Date.now()}`;
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="contact"]').fill('(559) 555-0199');
    const box = page.getByRole('checkbox', { name: en['post.showContact'] });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: en['submitMissing.submit'] }).click();
    await expect.poll(() => toast(page).first().textContent(), { timeout: 15_000 }).toContain(en['submitMissing.success']);

    await page.goto('/lost-found');
    const card = page.locator('li.post').filter({ hasText: name });
    await expect.poll(() => card.getByRole('button', { name: en['lostFound.contactButton'] }).count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByRole('link', { name: en['relay.button'] }).count()).toBe(0);
    await page.context().close();
  });

  it('the family turns on texts of the messages with the code texted to their own number, and off again', async () => {
    const server = await ownServer();
    const record = (await (await post('/api/lost-found', { name: 'Rosa Texts', contact: '(559) 555-0142' }, server.url)).json()) as Created<LostFoundPost>;
    const context = await phone.context({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/manage#missing.${record.id}.${record.manageToken}`);
    const card = page.locator('.my-post');
    await card.getByRole('button', { name: en['manage.textMe'].replace('{phone}', '\u2068(559) 555-0142\u2069') }).click();
    const client = createClient({ url: `file:${join(server.folder, 'app.db')}` });
    const key = readFileSync(join(server.folder, 'data.key'), 'utf8').trim();
    await expect.poll(() => codeTexted(client, key, '+15595550142').catch(() => ''), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await card.getByLabel(en['alertsLive.code']).fill(await codeTexted(client, key, '+15595550142'));
    await card.getByRole('button', { name: en['manage.textConfirm'] }).click();
    await expect.poll(() => card.textContent()).toContain(en['manage.textsOn'].replace('{phone}', '\u2068(559) 555-0142\u2069'));
    await card.getByRole('button', { name: en['manage.textsStop'] }).click();
    await expect.poll(() => card.getByRole('button', { name: en['manage.textMe'].replace('{phone}', '\u2068(559) 555-0142\u2069') }).count()).toBe(1);
    client.close();
    await context.close();
  });
});
