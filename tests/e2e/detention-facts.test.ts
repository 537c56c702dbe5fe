/**
 * The facts a record's owner keeps on My posts for a detention search (country and date of birth,
 * A-number): refused in the page's words, saved, read back on another visit, named in the page's
 * language; and nowhere on the record's public page.
 */
import { describe, expect, it } from 'vitest';
import type { Created, LostFoundManage, LostFoundPost } from '../../src/common/contract/index.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import { LOCATOR_URL } from '../../src/common/detained/locator.ts';
import { post, toast, usePhone } from './chromium.ts';

const phone = usePhone();

async function newRecord(name: string) {
  const response = await post('/api/lost-found', { name, lastSeenCity: 'Fresno' });
  expect(response.status).toBe(201);
  return (await response.json()) as Created<LostFoundPost>;
}

describe('the facts for a detention search on My posts', () => {
  it('refuses a short A-number in the page words, keeps what is saved, and shows it again on another visit; the public page never', async () => {
    const record = await newRecord('María José Ríos Hernández');
    const link = `/manage#missing.${record.id}.${record.manageToken}`;
    const page = await phone.open(link, { ready: '.detention-facts' });
    const facts = page.locator('.detention-facts');
    expect(await facts.locator('h3').textContent()).toBe(en['manage.facts.title']);

    await facts.getByLabel(en['manage.facts.country']).selectOption({ label: 'El Salvador' });
    await facts.getByLabel(en['manage.facts.birthDate']).fill('1987-06-05');
    await facts.getByLabel(en['manage.facts.aNumber']).fill('A 1234-567');
    await facts.getByRole('button', { name: en['manage.facts.save'] }).click();
    expect(await facts.locator('.field-error').textContent()).toBe(en['manage.facts.aNumberInvalid']);
    expect(await facts.getByLabel(en['manage.facts.aNumber']).getAttribute('aria-invalid')).toBe('true');
    const kept = async () =>
      ((await (await fetch(`${phone.baseURL}/api/lost-found/${record.id}/manage`, { headers: { authorization: `Bearer ${record.manageToken}` } })).json()) as LostFoundManage)
        .facts;
    expect(await kept()).toEqual({ birthCountry: null, birthDate: null, aNumber: null });

    await facts.getByLabel(en['manage.facts.aNumber']).fill('A 087-654-321');
    await facts.getByRole('button', { name: en['manage.facts.save'] }).click();
    await expect.poll(() => toast(page).textContent()).toContain(en['manage.facts.saved']);
    expect(await facts.locator('.field-error').count()).toBe(0);
    expect(await kept()).toEqual({ birthCountry: 'SV', birthDate: '1987-06-05', aNumber: '087654321' });

    // The names to try in ICE's locator, made on the phone, with what was kept; the locator opens apart.
    const card = facts.locator('.locator-card');
    const lastNames = await card.locator('.locator-names').first().locator('li').allTextContents();
    expect(lastNames).toEqual(expect.arrayContaining(['Ríos Hernández', 'Rios Hernandez', 'Rios', 'Hernandez']));
    expect(await card.locator('.locator-names').nth(1).locator('li').allTextContents()).toContain('Maria Jose');
    expect(await card.textContent()).toContain('El Salvador');
    expect(await card.textContent()).toContain('A087654321');
    const locator = card.getByRole('link', { name: en['locator.open'] });
    expect(await locator.getAttribute('href')).toBe(LOCATOR_URL);
    expect(await locator.getAttribute('target')).toBe('_blank');
    expect(await facts.getByRole('link', { name: en['detained.link'] }).getAttribute('href')).toBe('/detained');

    // Another visit (the device keeps the post): the facts come back from the server.
    await page.reload();
    await page.waitForSelector('.detention-facts');
    expect(await facts.getByLabel(en['manage.facts.aNumber']).inputValue()).toBe('087654321');
    expect(await facts.getByLabel(en['manage.facts.birthDate']).inputValue()).toBe('1987-06-05');
    expect(await facts.getByLabel(en['manage.facts.country']).inputValue()).toBe('SV');

    // The record's public page, drawn: the name, none of the facts.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/person/${record.id}`);
    await publicPage.getByText(record.name).first().waitFor();
    const html = await publicPage.content();
    expect(['087654321', '1987-06-05', 'El Salvador', 'Rios Hernandez'].filter((needle) => html.includes(needle))).toEqual([]);
    await page.context().close();
  });

  it('a family marks a record "Found: released": their My posts says so, the public record and board say only found', async () => {
    const record = await newRecord(`Tomás Released ${Date.now()}`);
    const page = await phone.open(`/es/manage#missing.${record.id}.${record.manageToken}`, { ready: '.detention-facts' });
    const card = page.locator('.my-post');
    await card.getByRole('button', { name: es['manage.markFoundReleased'] }).click();
    await expect.poll(() => card.locator('.badge').first().textContent()).toBe(es['manage.markFoundReleased']);
    // Done: no way to mark it again.
    expect(await card.getByRole('button', { name: es['manage.markFoundDetained'] }).count()).toBe(0);

    const publicPage = await page.context().newPage();
    await publicPage.goto(`/es/person/${record.id}`);
    await expect.poll(() => publicPage.locator('main').textContent()).toContain(es['lostFound.found']);
    await publicPage.goto(`/es/lost-found`);
    const onBoard = publicPage.locator('article, li').filter({ hasText: record.name }).first();
    await expect.poll(() => onBoard.textContent()).toContain(es['lostFound.found']);
    expect(await publicPage.locator('main').textContent()).not.toContain(es['manage.markFoundReleased']);
    await page.context().close();
  });

  it('names the countries in the page language, in its order, in Spanish and in Arabic', async () => {
    for (const [lang, words, country] of [
      ['es', es, 'Estados Unidos'],
      ['ar', ar, 'المكسيك'],
    ] as const) {
      const record = await newRecord(`Ana ${lang} ${Date.now()}`);
      const page = await phone.open(`/${lang}/manage#missing.${record.id}.${record.manageToken}`, { ready: '.detention-facts' });
      const select = page.locator('.detention-facts').getByLabel(words['manage.facts.country']);
      const names = await select.locator('option').allTextContents();
      expect(names[0]).toBe(words['manage.facts.countryNone']);
      expect(names, lang).toContain(country);
      expect(names.slice(1), lang).toEqual([...names.slice(1)].sort(new Intl.Collator(lang).compare));
      await page.context().close();
    }
  });
});
