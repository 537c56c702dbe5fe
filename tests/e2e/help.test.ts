import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import ar from '../../src/common/i18n/ar.json';
import en from '../../src/common/i18n/en.json';
import { phonePhoto } from '../photo-fixture.ts';
import { post, toast, usePhone } from './chromium.ts';

const { context: newContext, open } = usePhone();

/** The home page with its help boxes hydrated (they load when scrolled into view). */
async function home(path = '/'): Promise<Page> {
  const page = await open(path);
  await page
    .locator('.help-box.request')
    .scrollIntoViewIfNeeded()
    .catch(() => undefined);
  await page.locator('#help-boxes astro-island:not([ssr])').waitFor();
  await page.locator('.help-box.request .help-current').waitFor();
  return page;
}

const dialog = (page: Page) => page.locator('dialog[open]');

/** What a dialog's form says, once, in its own line (no toast on top): the refusal, then every blank field by name. */
async function refusedInline(page: Page, text: string, labels: (keyof typeof en)[]) {
  await expect
    .poll(() => dialog(page).locator('.form-problem').textContent())
    .toBe(`${text} ${en['form.checkFields'].replace('{fields}', labels.map((key) => en[key]).join(', '))}`);
  expect(await toast(page).count()).toBe(0);
  const invalid = await dialog(page)
    .locator('[aria-invalid="true"]')
    .evaluateAll((fields) => fields.map((field) => field.getAttribute('name')));
  expect(invalid).toHaveLength(labels.length);
}
const requestBox = (page: Page) => page.locator('.help-box.request');

it('a request posted from home with a photo rotates in the Help Needed box, is answered from another phone and closed with its manage link', async () => {
  const poster = await home();
  const title = `Winter coats for 3 kids ${Date.now()}`;

  await requestBox(poster).getByRole('button', { name: 'Post New Request' }).click();
  const form = dialog(poster);
  await expect.poll(() => form.locator('h2').textContent()).toBe('Request Community Help');

  // Required fields say so, to the eye and to the browser; the spec's order of checks: the title first.
  await expect.poll(() => form.locator('label:has(.required-mark)').count()).toBe(6);
  expect(await form.locator('[name="title"]').getAttribute('required')).not.toBeNull();
  await form.getByRole('button', { name: 'Post Request' }).click();
  const blank = ['help.fieldNeed', 'help.fieldCategory', 'help.fieldUrgency', 'help.fieldDescription', 'help.fieldContactName', 'help.fieldContactMethod'] as const;
  await refusedInline(poster, 'Please enter what you need help with.', [...blank]);
  await form.locator('[name="title"]').fill(title);
  await form.getByRole('button', { name: 'Post Request' }).click();
  await refusedInline(poster, 'Please select a category for your request.', blank.slice(1));
  expect(await form.locator('[name="title"]').inputValue()).toBe(title);

  await form.locator('[name="category"]').selectOption('Other');
  await form.locator('[name="urgency"]').selectOption('High');
  await form.locator('[name="description"]').fill('Sizes 6, 8 and 10. We just arrived from Oaxaca.');
  await form.locator('[name="city"]').fill('Madera');
  await form.locator('[name="contactName"]').fill('Guadalupe');
  await form.locator('[name="contactMethod"]').fill('(559) 555-0199');
  await form.locator('input[type="file"]').setInputFiles({ name: 'coats.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(320, 240) });
  await expect.poll(() => form.locator('.media-state').textContent()).toBe('Uploaded');
  await form.getByRole('button', { name: 'Post Request' }).click();

  await expect.poll(() => toast(poster).textContent()).toContain('Your request is posted');
  expect(await dialog(poster).count()).toBe(0);
  // It shows in the box at once, with its photo; then the box moves on to the next request.
  const current = requestBox(poster).locator('.help-current');
  await expect.poll(() => current.locator('.help-current-title').textContent()).toBe(title);
  expect(await current.locator('.help-previews img').count()).toBe(1);
  await expect.poll(() => current.locator('.help-current-title').textContent(), { timeout: 10_000 }).not.toBe(title);
  expect(await requestBox(poster).locator('.help-dot').count()).toBeGreaterThanOrEqual(2);

  // Someone else answers it from the list of all requests.
  const helper = await home();
  await requestBox(helper)
    .getByRole('button', { name: /See all/ })
    .click();
  const item = dialog(helper).locator('.help-list-item', { hasText: title });
  await item.getByRole('button', { name: 'Offer Help' }).click();
  await expect.poll(() => dialog(helper).locator('h2').textContent()).toBe('Offer help to Guadalupe');
  await expect.poll(() => dialog(helper).locator('label:has(.required-mark)').count()).toBe(3);
  await dialog(helper).getByRole('button', { name: 'Send offer' }).click();
  await refusedInline(helper, en['help.requiredMissingText'], ['help.yourName', 'help.yourContact', 'help.message']);
  await dialog(helper).locator('[name="responderName"]').fill('Luis');
  await dialog(helper).locator('[name="responderContact"]').fill('luis.helper@example.org');
  await dialog(helper).locator('[name="message"]').fill('I have coats in those sizes. I can bring them Saturday.');
  await dialog(helper).getByRole('button', { name: 'Send offer' }).click();
  await expect.poll(() => toast(helper).textContent()).toContain('Your offer of help was sent');

  // The poster reads the answer and closes the request from My posts.
  await poster.goto('/manage');
  const mine = poster.locator('.my-post', { hasText: title });
  await expect.poll(() => mine.locator('.my-post-answers').textContent()).toContain('I can bring them Saturday');
  expect(await mine.locator('.my-post-answers a').getAttribute('href')).toBe('mailto:luis.helper@example.org');
  await mine.getByRole('button', { name: 'Mark as fulfilled' }).click();
  await expect.poll(() => mine.locator('.badge').textContent()).toBe('Fulfilled');

  // Closed requests leave the public list.
  await helper.reload();
  await requestBox(helper).locator('.help-current').waitFor();
  const listed = (await (await helper.request.get('/api/assistance-requests')).json()) as { title: string }[];
  expect(listed.map((request) => request.title)).not.toContain(title);
  await poster.context().close();
  await helper.context().close();
});

it('the private manage link works on another device; a wrong one changes nothing', async () => {
  const poster = await open('/');
  const created = await poster.evaluate(async () => {
    const response = await fetch('/api/surplus-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Stroller', description: 'Folding stroller', category: 'Furniture', contactName: 'Minji', contactMethod: 'minji@example.org' }),
    });
    return (await response.json()) as { id: string; manageToken: string };
  });
  const other = await open(`/manage#offer.${created.id}.${created.manageToken}`);
  const card = other.locator('.my-post', { hasText: 'Stroller' });
  await card.waitFor();
  // The secret leaves the address bar once this device keeps it.
  expect(new URL(other.url()).hash).toBe('');
  await card.getByRole('button', { name: 'Mark as taken' }).click();
  await expect.poll(() => card.locator('.badge').textContent()).toBe('Taken');

  const stranger = await open(`/manage#offer.${created.id}.${'x'.repeat(43)}`);
  await expect.poll(() => stranger.locator('.my-post').textContent()).toContain('This post was deleted or has expired.');
  for (const page of [poster, other, stranger]) await page.context().close();
});

it("a request's contact is not in the box until tapped for, then shows as a link", async () => {
  const title = `Ride to the clinic ${Date.now()}`;
  const created = await post('/api/assistance-requests', {
    title,
    description: 'Tuesday 9 am',
    category: 'Transportation',
    urgency: 'High',
    contactName: 'Rosa',
    contactMethod: 'rosa.ride@example.org',
    showContact: true,
  });
  expect(created.status).toBe(201);
  const page = await home();
  await requestBox(page)
    .getByRole('button', { name: /See all/ })
    .click();
  await dialog(page).locator('.help-list-item', { hasText: title }).locator('.help-list-open').click();
  const detail = dialog(page).locator('.help-detail');
  await detail.waitFor();
  expect(await detail.textContent()).not.toContain('rosa.ride@example.org');
  await detail.getByRole('button', { name: 'Email' }).click();
  const shown = detail.locator('a.contact-value');
  await shown.waitFor({ timeout: 2000 });
  expect(await shown.getAttribute('href')).toBe('mailto:rosa.ride@example.org');
  await page.context().close();
});

it('the header Request Help button loads React only when pressed, in the page language', async () => {
  const page = await open('/ar/jobs');
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  await page.getByRole('button', { name: ar['nav.requestHelp'] }).click();
  await expect.poll(() => dialog(page).locator('h2').textContent()).toBe(ar['help.requestTitle']);
  expect(scripts.length).toBeGreaterThan(before);
  await page.keyboard.press('Escape');
  expect(await dialog(page).count()).toBe(0);
  // Focus goes back to the button that opened it.
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(ar['nav.requestHelp']);
  await page.context().close();
});

describe('the home boxes turn every 4 s, but never under a reader', () => {
  /** Home on a phone with a fake clock, once the Help Needed box shows its posts. */
  async function homeOnClock(options: BrowserContextOptions = {}) {
    const context = await newContext(options);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await requestBox(page).scrollIntoViewIfNeeded();
    // The boxes are drawn by the server: wait until they are awake.
    await page.locator('#help-boxes astro-island:not([ssr])').waitFor({ state: 'attached' });
    await requestBox(page).locator('.help-dot').nth(1).waitFor();
    return page;
  }
  const shownIndex = (page: Page) =>
    requestBox(page)
      .locator('.help-dot')
      .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));

  it('turns by itself, holds while touched, and turns again after a touch elsewhere', async () => {
    const page = await homeOnClock();
    const first = await shownIndex(page);
    await page.clock.runFor(4500);
    await expect.poll(() => shownIndex(page)).not.toBe(first);

    await requestBox(page).locator('h2').tap();
    const held = await shownIndex(page);
    await page.clock.runFor(13_000);
    expect(await shownIndex(page)).toBe(held);
    expect(await requestBox(page).getAttribute('data-rotating')).toBeNull();

    await page.locator('h1').tap();
    await page.clock.runFor(4500);
    await expect.poll(() => shownIndex(page)).not.toBe(held);
    await page.context().close();
  });

  it('never turns by itself when the phone asks for reduced motion; the dots still work', async () => {
    const page = await homeOnClock({ reducedMotion: 'reduce' });
    const first = await shownIndex(page);
    await page.clock.runFor(13_000);
    expect(await shownIndex(page)).toBe(first);
    expect(await requestBox(page).getAttribute('data-rotating')).toBeNull();
    await requestBox(page)
      .locator('.help-dot')
      .nth(first === 0 ? 1 : 0)
      .click();
    await expect.poll(() => shownIndex(page)).not.toBe(first);
    await page.context().close();
  });
});
