/**
 * /detained, the guided page for a family whose relative may have been detained: in English,
 * Spanish and Arabic on a phone, its steps and scam warning read first; the locator card is made on
 * the phone from what is typed, and nothing typed leaves it (every request, body and live frame is
 * read); the county's rapid response line and the consulates of the country typed come from the
 * directory. Without scripts the steps and links still read, and the card says it needs them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminResource } from '../../src/common/contract/index.ts';
import { LOCATOR_URL } from '../../src/common/detained/locator.ts';
import { translator } from '../../src/common/i18n/index.ts';
import { localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import { sharedServer, usePhone } from './chromium.ts';

const phone = usePhone();
const noScripts = usePhone({ javaScriptEnabled: false });
const { baseURL, admin } = sharedServer();

/** Adds a directory entry as a moderator (published at once), through the admin API. */
async function moderatorAdds(body: object): Promise<AdminResource> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const session = await fetch(`${baseURL}/api/admin/session`, { method: 'POST', headers, body: JSON.stringify({ name: admin.name, secret: admin.secret }) });
  expect(session.status).toBe(200);
  const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
  const base = { address: '1 Test Way', notes: null };
  const response = await fetch(`${baseURL}/api/admin/resources`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ ...base, ...body }) });
  expect(response.status).toBe(201);
  return (await response.json()) as AdminResource;
}

/** Everything the page sends: each request's address and body, and each live frame. */
function recordSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => sent.push(decodeURIComponent(request.url().replace(/\+/g, ' ')), request.postData() ?? ''));
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => sent.push(String(payload))));
  return sent;
}

describe('/detained', () => {
  it.each(['en', 'es', 'ar'] as Lang[])('in %s on a phone: the scam warning comes first, then the steps; nothing is wider than the screen', async (lang) => {
    const t = translator(lang);
    const page = await phone.open(localizePath('/detained', lang));
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('h1').textContent()).toBe(t('detained.title'));
    const headings = await page.locator('main h2').allTextContents();
    expect(headings.map((text) => text.trim())).toEqual([
      t('detained.scamTitle'),
      t('detained.gatherTitle'),
      t('detained.locatorTitle'),
      t('detained.helpTitle'),
      t('detained.checkTitle'),
    ]);
    expect(await page.locator('#detained-scam-title + ul li').allTextContents()).toEqual([t('detained.scam1'), t('detained.scam2'), t('detained.scam3'), t('detained.scam4')]);
    expect(await page.getByRole('link', { name: t('detained.call211') }).getAttribute('href')).toBe('tel:211');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('makes the locator card from what is typed, and sends none of it anywhere', async () => {
    const t = translator('en');
    const page = await (await phone.context()).newPage();
    const sent = recordSent(page);
    await page.goto('/detained');
    await page.locator('#detained-locator-title').scrollIntoViewIfNeeded();
    await page.waitForSelector('.detained-card form');

    // A name in another script has no spelling the locator reads: the card says so.
    await page.getByLabel(t('detained.cardName')).fill('王小明');
    expect(await page.locator('.detained-card .hint').first().textContent()).toBe(t('detained.cardLatin'));
    await page.getByLabel(t('detained.cardName')).fill('María José Ríos Hernández');
    expect(await page.getByText(t('detained.cardLatin')).count()).toBe(0);
    await page.getByLabel(t('detained.cardCountry')).selectOption({ label: 'El Salvador' });
    await page.getByLabel(t('detained.cardANumber')).fill('A 1234-567');
    expect(await page.locator('.detained-card .field-error').textContent()).toBe(t('detained.cardANumberInvalid'));
    await page.getByLabel(t('detained.cardANumber')).fill('A 087-654-321');
    expect(await page.locator('.detained-card .field-error').count()).toBe(0);

    const card = page.locator('.detained-card .locator-card').first();
    const lastNames = await card.locator('.locator-names').first().locator('li').allTextContents();
    expect(lastNames).toEqual(expect.arrayContaining(['Ríos Hernández', 'Rios Hernandez', 'Rios', 'Hernandez']));
    expect(await card.locator('.locator-names').nth(1).locator('li').allTextContents()).toContain('Maria Jose');
    expect(await card.textContent()).toContain('El Salvador');
    expect(await card.textContent()).toContain('A087654321');
    const locator = card.getByRole('link', { name: t('locator.open') });
    expect(await locator.getAttribute('href')).toBe(LOCATOR_URL);
    expect(await locator.getAttribute('target')).toBe('_blank');

    // Enter in a field submits nothing; the directory and the live room have had their say by now.
    await page.getByLabel(t('detained.cardName')).press('Enter');
    await page.locator('#detained-check-title').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${baseURL}/detained`);
    expect(sent.length).toBeGreaterThan(0);
    const typed = ['王小明', 'María', 'Maria', 'Ríos', 'Rios', 'Hernández', 'Hernandez', '1234-567', '087-654-321', '087654321', 'El Salvador', '"SV"', '=SV', 'country='];
    expect(sent.filter((each) => typed.some((value) => each.includes(value)))).toEqual([]);
    await page.context().close();
  });

  it('offers reminders to search again; a phone that refuses notifications is told so, and nothing is asked of the server', async () => {
    const t = translator('en');
    const page = await (await phone.context()).newPage();
    const sent = recordSent(page);
    await page.goto('/detained');
    await page.locator('#detained-locator-title').scrollIntoViewIfNeeded();
    const reminders = page.locator('.detained-reminders');
    await reminders.waitFor();
    expect(await reminders.locator('h3').textContent()).toBe(t('detained.remindTitle'));
    // This headless phone answers every request for notifications with "denied".
    await reminders.getByRole('button', { name: t('detained.remindButton') }).click();
    await expect.poll(() => reminders.getByRole('status').textContent()).toBe(t('detained.remindBlocked'));
    expect(sent.filter((each) => each.includes('/api/push/reminders'))).toEqual([]);
    await page.context().close();
  });

  it("lists the chosen county's rapid response line (one that serves it from another), its legal help in the language chosen, and the consulates of the country typed", async () => {
    const t = translator('es');
    const stamp = crypto.randomUUID().slice(0, 8);
    const line = await moderatorAdds({ name: `Red de respuesta ${stamp}`, adminCategory: 'Rapid Response', city: 'Fresno', phone: '(559) 555-0142', serves: ['Madera'] });
    await moderatorAdds({ name: `Abogados ${stamp}`, adminCategory: 'Immigration', city: 'Madera', languages: ['es'] });
    await moderatorAdds({ name: `Lawyers ${stamp}`, adminCategory: 'Legal Aid', city: 'Madera', languages: ['en'] });
    await moderatorAdds({ name: `Consulado ${stamp}`, adminCategory: 'Consulate', city: 'Fresno', country: 'SV' });

    const page = await phone.open(`${localizePath('/detained', 'es')}#county=Madera`);
    const rapid = page.locator('[data-list="rapid"]');
    await expect.poll(() => rapid.textContent(), { timeout: 15_000 }).toContain(line.name);
    expect(await rapid.getByRole('link', { name: /559/ }).getAttribute('href')).toBe('tel:5595550142');
    // Spanish first, as the page is; any language shows both.
    const legal = page.locator('[data-list="legal"]');
    await expect.poll(() => legal.textContent()).toContain(`Abogados ${stamp}`);
    expect(await legal.textContent()).not.toContain(`Lawyers ${stamp}`);
    await page.getByLabel(t('detained.legalLanguage')).selectOption('');
    await expect.poll(() => legal.textContent()).toContain(`Lawyers ${stamp}`);

    const consulates = page.locator('[data-status="consulates"]');
    expect(await consulates.textContent()).toBe(t('detained.consulatesChoose'));
    await page.locator('#detained-locator-title').scrollIntoViewIfNeeded();
    await page.waitForSelector('.detained-card form');
    await page.getByLabel(t('detained.cardCountry')).selectOption('SV');
    await expect.poll(() => page.locator('[data-list="consulates"]').textContent()).toContain(`Consulado ${stamp}`);
    await page.getByLabel(t('detained.cardCountry')).selectOption('MX');
    await expect.poll(() => consulates.textContent()).toBe(t('detained.consulatesNone'));
    await page.context().close();
  });

  it.each(['en', 'es', 'ar'] as Lang[])('in %s without JavaScript: the steps, the scam warning and the links read, and the card says it needs scripts', async (lang) => {
    const t = translator(lang);
    const page = await noScripts.open(localizePath('/detained', lang));
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const key of [
      'detained.scam2',
      'detained.scam3',
      'detained.gatherName',
      'detained.locatorLead',
      'detained.cardNeedsScript',
      'detained.twoOneOne',
      'detained.lawyer2',
      'detained.checkLead',
    ] as const)
      expect(main, key).toContain(t(key));
    expect(await page.getByRole('link', { name: t('locator.open') }).getAttribute('href')).toBe(LOCATOR_URL);
    expect(await page.getByRole('link', { name: t('detained.call211') }).getAttribute('href')).toBe('tel:211');
    // The directory's lists need scripts: they are not drawn empty.
    expect(await page.locator('[data-with-script]').evaluateAll((parts) => parts.every((part) => (part as HTMLElement).offsetParent === null))).toBe(true);
    await page.context().close();
  });

  it('is linked from /lost-found, /sos and a record on My posts', async () => {
    for (const path of ['/lost-found', '/es/sos']) {
      const page = await (await noScripts.context()).newPage();
      await page.goto(path);
      expect(await page.locator(`a[href="${path.startsWith('/es') ? '/es/detained' : '/detained'}"]`).count(), path).toBe(1);
      await page.context().close();
    }
  });
});
