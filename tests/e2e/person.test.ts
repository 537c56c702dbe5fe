import { expect, it, onTestFinished } from 'vitest';
import type { Created, LostFoundPost } from '../../src/common/contract/index.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { connected, post, toast, usePhone } from './chromium.ts';

/** A missing person's page: the record, its notes, the note form, live notes, and the same without scripts. */
// The service worker runs: a short link must open the record through it too.
const { open, context } = usePhone({ serviceWorkers: 'allow' });
const READY = '[data-state="record"]:not([hidden])';

/** A record whose family shows the contact after a check (`showContact`), or keeps it hidden and takes messages. */
async function newRecord(name: string, showContact = true): Promise<Created<LostFoundPost>> {
  const response = await post('/api/lost-found', { name, lastSeenCity: 'Fresno', description: 'Blue cardigan', contact: 'rosa-family@example.org', showContact });
  expect(response.status).toBe(201);
  return (await response.json()) as Created<LostFoundPost>;
}

async function phonePage(path: string, ready = READY) {
  const page = await open(path, { ready });
  onTestFinished(() => page.context().close());
  return page;
}

it('shows the record; a note saying someone reached the person goes first at once, and live on another phone', async () => {
  const rosa = await newRecord(`Rosa Persona ${Date.now()}`);
  const page = await phonePage(`/person?id=${rosa.id}`);
  const other = await phonePage(`/person?id=${rosa.id}`);
  await connected(other);

  expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
  expect(await page.locator('#person-name bdi').textContent()).toBe(rosa.name);
  expect(await page.locator('.person-badges').textContent()).toBe(en['person.missing']);
  expect(await page.locator('.person-facts').textContent()).toContain('Blue cardigan');
  expect(await page.locator('.person-facts').textContent()).not.toContain('rosa-family@example.org');
  await page.click('.person-facts .post-contact button');
  expect(await page.locator('.person-facts a.contact-value').getAttribute('href', { timeout: 2000 })).toBe('mailto:rosa-family@example.org');
  expect(await page.locator('.person-no-notes').isVisible()).toBe(true);
  expect(await page.locator('.person-reached').isVisible()).toBe(false);

  await page.click('.person-form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain(en['person.nameRequired']);
  expect(await page.getAttribute('[name="authorName"]', 'aria-invalid')).toBe('true');

  const madeContact = page.locator('[name="authorMadeContact"]');
  await page.fill('[name="authorName"]', 'Lupe');
  await page.fill('[name="text"]', 'I spoke with her by phone today');
  await page.check('[name="status"][value="believed_missing"]');
  expect(await madeContact.isVisible()).toBe(false);
  await page.check('[name="status"][value="believed_alive"]');
  await madeContact.check();
  await page.fill('[name="lastKnownLocation"]', 'Visalia');
  await page.fill('[name="contact"]', 'lupe@example.org');
  await page.click('.person-form button[type="submit"]');

  await expect.poll(() => toast(page).textContent()).toContain(en['person.success']);
  const reached = page.locator('.person-reached');
  expect(await reached.isVisible()).toBe(true);
  expect(await reached.textContent()).toContain(en['person.contactMade']);
  expect(await reached.textContent()).toContain('I spoke with her by phone today');
  expect(await page.locator('.person-note-list > li').count()).toBe(1);
  expect(await page.locator('.person-note-list').textContent()).toContain('Visalia');
  expect(await page.inputValue('[name="authorName"]')).toBe('');
  expect(await madeContact.isVisible()).toBe(false);

  await expect.poll(() => other.locator('.person-reached').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await other.locator('.person-note-list > li .person-note-status').textContent()).toBe(en['person.status.believed_alive']);
  for (const shown of [page, other]) expect(await shown.textContent('main')).not.toContain('lupe@example.org');
});

it('the Arabic page reads right to left, the name isolated; an unknown record says it is gone', async () => {
  const rosa = await newRecord(`Rosa Persona ${Date.now()}`);
  const page = await phonePage(`/ar/person?id=${rosa.id}`);
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.locator('.person-card').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect(await page.locator('#person-name bdi').textContent()).toBe(rosa.name);
  expect(await page.locator('.person-badges').textContent()).toBe(ar['person.missing']);

  // A record with only a name and a city shows just those, with no placeholder for what it lacks.
  const bare = await post('/api/lost-found', { name: `Bare Persona ${Date.now()}`, lastSeenCity: 'Fresno' });
  const barePage = await phonePage(`/ar/person?id=${((await bare.json()) as LostFoundPost).id}`);
  const facts = await barePage.locator('.person-facts').textContent();
  expect(facts).toContain('Fresno');
  expect(facts).not.toMatch(/null|false|undefined/);
  expect(await barePage.locator('.person-facts .post-contact').count()).toBe(0);

  const gone = await phonePage('/ar/person?id=no-such-record', '[data-state="gone"]:not([hidden])');
  expect(await gone.locator('[data-state="gone"] h1').textContent()).toBe(ar['person.notFound']);
  expect(await gone.locator('[data-state="gone"] a').getAttribute('href')).toBe('/ar/lost-found');
});

it('without JavaScript: the page says so, and the record page the API answers takes a note', async () => {
  const rosa = await newRecord(`Rosa Persona ${Date.now()}`);
  const phone = await context({ javaScriptEnabled: false });
  onTestFinished(() => phone.close());
  const page = await phone.newPage();

  await page.goto(`/person?id=${rosa.id}`);
  expect(await page.locator('main').textContent()).toContain(en['person.noscript']);
  expect(await page.locator('main a.button:visible').getAttribute('href')).toBe('/lost-found');

  await page.goto(`/api/lost-found/${rosa.id}/page?lang=en`);
  expect(await page.locator('h1').textContent()).toBe(rosa.name);
  // The contact is not on the page: its small form asks for it (no proof of work without scripts).
  expect(await page.locator('main').textContent()).not.toContain('rosa-family@example.org');
  await page.click('form.reveal button');
  expect(await page.locator('.notice a').getAttribute('href')).toBe('mailto:rosa-family@example.org');
  await page.goBack();
  await page.fill('[name="authorName"]', 'Ana');
  await page.fill('[name="text"]', 'Saw her at the Fresno shelter');
  await page.check('[name="status"][value="believed_alive"]');
  await page.check('[name="authorMadeContact"]');
  await page.fill('[name="lastKnownLocation"]', 'Fresno');
  await page.click('form:not(.reveal) button[type="submit"]');
  await page.waitForURL(`**/api/lost-found/${rosa.id}/notes`);
  expect(await page.locator('h1').textContent()).toBe(en['person.success']);

  await page.click(`a[href="/api/lost-found/${rosa.id}/page?lang=en"]`);
  await page.waitForURL(`**/api/lost-found/${rosa.id}/page?lang=en`);
  expect(await page.locator('.notice h2').textContent()).toBe(en['person.contactMade']);
  expect(await page.locator('.notes').textContent()).toContain('Saw her at the Fresno shelter');

  // A family that keeps the contact hidden: the page offers the message form instead, which works once from it.
  const hidden = await newRecord(`Rosa Mensaje ${Date.now()}`, false);
  await page.goto(`/api/lost-found/${hidden.id}/page?lang=en`);
  expect(await page.locator('form.reveal').count()).toBe(0);
  expect(await page.locator('#message h2').textContent()).toBe(en['relay.title']);
  await page.fill('#message [name="name"]', 'Ana');
  await page.fill('#message [name="message"]', 'I saw her at the Fresno shelter this morning.');
  await page.click('#message button[type="submit"]');
  await page.waitForURL(`**/api/lost-found/${hidden.id}/messages`);
  expect(await page.locator('h1').textContent()).toBe(en['relay.sent']);
  expect(await page.locator('main').textContent()).not.toContain('rosa-family@example.org');
});

it('the short address a text message gives opens the record in the text’s language, on a phone whose service worker runs', async () => {
  const rosa = await newRecord(`Rosa Corta ${Date.now()}`);
  const page = await phonePage('/es/lost-found', '.board-list[aria-busy="false"]');
  await page.waitForFunction(() => navigator.serviceWorker.controller);
  const code = rosa.id.replaceAll('-', '').slice(0, 10);
  await page.goto(`/api/p/${code}.es`);
  await page.waitForSelector(READY);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/es/person?id=${rosa.id}`);
  expect(await page.locator('#person-name bdi').textContent()).toBe(rosa.name);
  // A code that names no record leads to the page that says so.
  await page.goto('/api/p/0000000000');
  await page.waitForSelector('[data-state="gone"]:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/person');
});
