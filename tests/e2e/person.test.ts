import { expect, it, onTestFinished } from 'vitest';
import type { Created, LostFoundPost } from '../../src/common/contract/index.ts';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import sharp from 'sharp';
import { connected, post, sharedServer, toast, usePhone } from './chromium.ts';
import { phonePhoto } from '../photo-fixture.ts';

/** A missing person's page, /person/ID: the record, its notes, the note form, live notes, and the same without scripts. */
// The service worker runs: a short link must open the record through it too.
const { open, context } = usePhone({ serviceWorkers: 'allow' });
/** The record drawn by the server and its island awake. */
const READY = 'astro-island:not([ssr]) .person';

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
  const page = await phonePage(`/person/${rosa.id}`);
  const other = await phonePage(`/person/${rosa.id}`);
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
  const page = await phonePage(`/ar/person/${rosa.id}`);
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.locator('.person-card').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect(await page.locator('#person-name bdi').textContent()).toBe(rosa.name);
  expect(await page.locator('.person-badges').textContent()).toBe(ar['person.missing']);

  // A record with only a name and a city shows just those, with no placeholder for what it lacks.
  const bare = await post('/api/lost-found', { name: `Bare Persona ${Date.now()}`, lastSeenCity: 'Fresno' });
  const barePage = await phonePage(`/ar/person/${((await bare.json()) as LostFoundPost).id}`);
  const facts = await barePage.locator('.person-facts').textContent();
  expect(facts).toContain('Fresno');
  expect(facts).not.toMatch(/null|false|undefined/);
  expect(await barePage.locator('.person-facts .post-contact').count()).toBe(0);

  const gone = await phonePage('/ar/person/no-such-record', '.person-state');
  expect(await gone.locator('.person-state h1').textContent()).toBe(ar['person.notFound']);
  expect(await gone.locator('.person-state a').getAttribute('href')).toBe('/ar/lost-found');
});

it('without JavaScript: the page the server renders shows the record, takes a note, and shows the contact or sends a message once', async () => {
  const rosa = await newRecord(`Rosa Persona ${Date.now()}`);
  const phone = await context({ javaScriptEnabled: false });
  onTestFinished(() => phone.close());
  const page = await phone.newPage();

  await page.goto(`/person/${rosa.id}`);
  expect(await page.locator('#person-name').textContent()).toBe(rosa.name);
  expect(await page.locator('.person-facts').textContent()).toContain('Blue cardigan');
  // The contact is not on the page: its small form asks for it with the page's one-time token (no proof of work without scripts).
  expect(await page.locator('main').textContent()).not.toContain('rosa-family@example.org');
  await page.click('form.reveal-contact button');
  expect(await page.locator('.notice a').getAttribute('href')).toBe('mailto:rosa-family@example.org');
  await page.goBack();
  await page.fill('[name="authorName"]', 'Ana');
  await page.fill('[name="text"]', 'Saw her at the Fresno shelter');
  await page.check('[name="status"][value="believed_alive"]');
  await page.check('[name="authorMadeContact"]');
  await page.fill('[name="lastKnownLocation"]', 'Fresno');
  await page.click('.person-form button[type="submit"]');
  await page.waitForURL(`**/api/lost-found/${rosa.id}/notes`);
  expect(await page.locator('h1').textContent()).toBe(en['person.success']);

  await page.click(`a[href="/person/${rosa.id}"]`);
  await page.waitForURL(`**/person/${rosa.id}`);
  expect(await page.locator('.person-reached h2').textContent()).toBe(en['person.contactMade']);
  expect(await page.locator('.person-note-list').textContent()).toContain('Saw her at the Fresno shelter');

  // A family that keeps the contact hidden: the page offers the message form instead, which works once from it.
  const hidden = await newRecord(`Rosa Mensaje ${Date.now()}`, false);
  await page.goto(`/person/${hidden.id}`);
  expect(await page.locator('form.reveal-contact').count()).toBe(0);
  expect(await page.locator('#message').textContent()).toBe(en['relay.title']);
  await page.fill('.person-message [name="name"]', 'Ana');
  await page.fill('.person-message [name="message"]', 'I saw her at the Fresno shelter this morning.');
  await page.click('.person-message button[type="submit"]');
  await page.waitForURL(`**/api/lost-found/${hidden.id}/messages`);
  expect(await page.locator('h1').textContent()).toBe(en['relay.sent']);
  expect(await page.locator('main').textContent()).not.toContain('rosa-family@example.org');
});

it('a shared address answers the name and where the person was last seen in its Open Graph tags, never to be kept; old addresses lead there; a removed record is 410', async () => {
  const rosa = await newRecord(`Rosa Compartida ${Date.now()}`);
  const { baseURL } = sharedServer();
  const raw = await fetch(`${baseURL}/es/person/${rosa.id}`);
  expect(raw.status).toBe(200);
  expect(raw.headers.get('cache-control')).toBe('no-store');
  expect(raw.headers.get('set-cookie')).toBeNull();
  const html = await raw.text();
  expect(html).toContain(`<meta property="og:title" content="${rosa.name}">`);
  expect(html).toContain(`<meta property="og:description" content="${es['person.missing']} · Fresno">`);
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/es/person/${rosa.id}">`);
  // The record is in the first answer, the island wakes from it: no request for it on load.
  expect(html).toContain('Blue cardigan');
  const asked: string[] = [];
  const page = await open(`/es/person/${rosa.id}`, { before: (opened) => opened.on('request', (request) => asked.push(new URL(request.url()).pathname)) });
  onTestFinished(() => page.context().close());
  await page.waitForSelector(READY);
  expect(asked.filter((path) => path.startsWith('/api/lost-found/'))).toEqual([]);

  for (const old of [`/es/person?id=${rosa.id}`, `/api/lost-found/${rosa.id}/page?lang=es`]) {
    const moved = await fetch(`${baseURL}${old}`, { redirect: 'manual' });
    expect(moved.headers.get('location')?.replace(baseURL, ''), old).toBe(`/es/person/${rosa.id}`);
  }
  const deleted = await fetch(`${baseURL}/api/lost-found/${rosa.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${rosa.manageToken}` } });
  expect(deleted.status).toBe(204);
  const gone = await fetch(`${baseURL}/es/person/${rosa.id}`);
  expect(gone.status).toBe(410);
  const goneHtml = await gone.text();
  expect(goneHtml).toContain(es['person.notFound']);
  expect(goneHtml).not.toContain(rosa.name);
  expect(goneHtml).not.toContain('og:title');
});

it('a shared address shows the photo, as a copy without metadata, only when the poster chose it', async () => {
  const { baseURL } = sharedServer();
  const photoUrl = async () => {
    const { uploadURL } = (await (await post('/api/upload', { type: 'missing-persons' })).json()) as { uploadURL: string };
    const stored = await fetch(`${baseURL}${uploadURL}`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(await phonePhoto(1600, 1200)) });
    return ((await stored.json()) as { url: string }).url;
  };
  const shared = (await (await post('/api/lost-found', { name: `Lupe Foto ${Date.now()}`, photoUrl: await photoUrl(), sharePhoto: true })).json()) as LostFoundPost;
  const kept = (await (await post('/api/lost-found', { name: `Rosa Foto ${Date.now()}`, photoUrl: await photoUrl() })).json()) as LostFoundPost;
  const image = `${baseURL}/images/person-previews/${shared.id}`;
  // The copy is made after the post's answer.
  await expect.poll(async () => (await fetch(`${baseURL}/person/${shared.id}`)).text()).toContain(`<meta property="og:image" content="${image}">`);
  const preview = await fetch(image);
  expect(preview.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await preview.arrayBuffer());
  expect(bytes.includes('PhoneMaker')).toBe(false);
  const { width, height, exif } = await sharp(bytes).metadata();
  expect([width, height, exif]).toEqual([1200, 900, undefined]);
  expect(await (await fetch(`${baseURL}/person/${kept.id}`)).text()).not.toContain('og:image');
});

it('the short address a text message gives opens the record in the text’s language, on a phone whose service worker runs', async () => {
  const rosa = await newRecord(`Rosa Corta ${Date.now()}`);
  const page = await phonePage('/es/lost-found', '.board-list[aria-busy="false"]');
  await page.waitForFunction(() => navigator.serviceWorker.controller);
  const code = rosa.id.replaceAll('-', '').slice(0, 10);
  await page.goto(`/api/p/${code}.es`);
  await page.waitForSelector(READY);
  expect(new URL(page.url()).pathname).toBe(`/es/person/${rosa.id}`);
  expect(await page.locator('#person-name bdi').textContent()).toBe(rosa.name);
  // A code that names no record leads to the page that says so.
  await page.goto('/api/p/0000000000');
  expect(await page.locator('.person-state h1').textContent()).toBe(en['person.notFound']);
  expect(new URL(page.url()).pathname).toBe('/person/00000000-00');
});
