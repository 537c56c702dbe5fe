import { beforeEach, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { PowChallenge } from '../../src/common/contract/pow.ts';
import es from '../../src/common/i18n/es.json';
import { fakePost, hydrated, toast as toastOn, usePhone } from './chromium.ts';

const { open, context: phone } = usePhone();
let page: Page;
beforeEach(async () => {
  page = await open('/lost-found', { ready: '.board-list[aria-busy="false"]' });
  return () => page.context().close();
});

const field = (name: string) => page.locator(`form [name="${name}"]`);
const toast = () => toastOn(page);

it('posting shows the post at the top of the list and clears the form', async () => {
  const name = `Ana Test ${Date.now()}`;
  await field('name').fill(name);
  await field('lastSeenCity').fill('Salinas');
  await field('lastSeenDate').fill('2026-11-01');
  await field('description').fill('Red jacket, 30 years old');
  await field('contact').fill('ana.family@example.org');
  // Shown after a check, as this poster chooses (hidden, people would send messages instead: tests/e2e/relay.test.ts).
  await field('showContact').check();
  await page.click('.board-form button[type="submit"]');

  await expect.poll(() => toast().textContent()).toContain('Post created successfully');
  const first = page.locator('.posts > li').first();
  expect(await first.locator('h3').textContent()).toContain(name);
  expect(await first.textContent()).toContain('Salinas · Nov 1, 2026');
  // The contact is not on the card until someone taps for it: then the proof of work is solved in a worker and it shows, in under 2 s.
  expect(await first.textContent()).not.toContain('ana.family@example.org');
  const tap = first.locator('.reveal-contact button');
  expect(await tap.textContent()).toBe('Email');
  const tapped = performance.now();
  await tap.click();
  const shown = first.locator('a.contact-value');
  await shown.waitFor({ timeout: 2000 });
  expect(performance.now() - tapped).toBeLessThan(2000);
  expect(await shown.getAttribute('href')).toBe('mailto:ana.family@example.org');
  expect(await shown.textContent()).toBe('ana.family@example.org');
  expect(await first.textContent()).toMatch(/Posted [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  for (const name of ['name', 'lastSeenCity', 'lastSeenDate', 'description', 'contact']) {
    expect(await field(name).inputValue()).toBe('');
  }

  // It is really stored: a fresh page shows it too.
  await page.reload();
  await page.waitForSelector('.posts > li');
  expect(await page.locator('.posts > li h3').first().textContent()).toContain(name);
});

it("on an Arabic page a Latin name and description keep their own direction and the card's right side", async () => {
  const arabic = await open('/ar/lost-found', { ready: '.board-list[aria-busy="false"]' });
  onTestFinished(() => arabic.context().close());
  const name = `Ana Test ${Date.now()}`;
  await arabic.fill('form [name="name"]', name);
  await arabic.fill('form [name="lastSeenCity"]', 'Salinas');
  await arabic.fill('form [name="description"]', 'Red jacket');
  await arabic.click('.board-form button[type="submit"]');
  const card = arabic.locator('.posts > li').first();
  await expect.poll(() => card.locator('h3').textContent()).toContain(name);

  expect(await card.locator('h3 bdi').first().textContent()).toBe(name);
  expect(await card.locator('.post-meta bdi').textContent()).toBe('Salinas');
  const description = card.locator('.post-description');
  expect(await description.getAttribute('dir')).toBe('auto');
  const layout = await description.evaluate((element) => {
    const text = document.createRange();
    text.selectNodeContents(element);
    const [box, drawn] = [element.getBoundingClientRect(), text.getBoundingClientRect()];
    return {
      direction: getComputedStyle(element).direction,
      cardDirection: getComputedStyle(element.parentElement!).direction,
      left: drawn.left - box.left,
      right: box.right - drawn.right,
    };
  });
  expect(layout).toMatchObject({ direction: 'ltr', cardDirection: 'rtl' });
  expect(layout.right).toBeLessThan(2);
  expect(layout.left).toBeGreaterThan(50);
});

it('an empty name shows the validation toast and posts nothing', async () => {
  const before = await page.locator('.posts > li').count();
  await field('name').fill('   ');
  await field('lastSeenCity').fill('Merced');
  await page.click('.board-form button[type="submit"]');
  await expect.poll(() => toast().textContent()).toContain('Name required');
  expect(await toast().textContent()).toContain("Please enter the person's name.");
  expect(await toast().getAttribute('data-variant')).toBe('destructive');
  expect(await field('name').getAttribute('aria-invalid')).toBe('true');
  expect(await field('lastSeenCity').inputValue()).toBe('Merced');
  expect(await page.locator('.posts > li').count()).toBe(before);
});

it('when the server refuses the post, the form keeps everything that was typed', async () => {
  // The description box stops at the limit; without that cap the server itself refuses.
  await page.evaluate(() => document.querySelector('form [name="description"]')!.removeAttribute('maxlength'));
  const tooLong = 'x'.repeat(2001);
  await field('name').fill('Kept Name');
  await field('lastSeenCity').fill('Modesto');
  await field('description').fill(tooLong);
  await field('contact').fill('(209) 555-0100');
  await page.click('.board-form button[type="submit"]');

  await expect.poll(() => toast().textContent()).toContain('Error creating post');
  expect(await toast().textContent()).toContain('Please check your information and try again.');
  expect(await field('name').inputValue()).toBe('Kept Name');
  expect(await field('lastSeenCity').inputValue()).toBe('Modesto');
  expect(await field('description').inputValue()).toBe(tooLong);
  expect(await field('contact').inputValue()).toBe('(209) 555-0100');
  expect(await page.locator('.board-form button[type="submit"]').isEnabled()).toBe(true);
});

it('in another county, draws the first screen of posts, the rest and older pages on "Show more"; a failed load offers a retry', async () => {
  const fake = (n: number) => fakePost('Paged', n);
  const asked: string[] = [];
  let fail = true;
  const context = await phone();
  const paged = await context.newPage();
  await paged.route(/\/api\/lost-found\?/, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (fail) return route.abort();
    const newest = url.searchParams.has('before') ? 5 : 30;
    const count = url.searchParams.has('before') ? 5 : 20;
    return route.fulfill({ json: Array.from({ length: count }, (_, k) => fake(newest - k)) });
  });
  // The first cards come with the page; the county chosen after is asked of the API.
  await paged.goto('/lost-found');
  await hydrated(paged);
  expect(asked).toEqual([]);
  await paged.selectOption('#area-choice', 'Fresno');
  await paged.waitForSelector('.board-list [role="alert"]');
  expect(await paged.locator('.board-list [role="alert"] p').textContent()).toBe('Could not load the list. Check your connection.');
  fail = false;
  await paged.getByRole('button', { name: 'Try again' }).click();

  await expect.poll(() => paged.locator('.posts > li').count()).toBe(12);
  const more = paged.getByRole('link', { name: 'Show more' });
  await more.click();
  await expect.poll(() => paged.locator('.posts > li').count()).toBe(20);
  expect(asked.filter((search) => search.includes('before='))).toHaveLength(0);
  await more.click();
  await expect.poll(() => paged.locator('.posts > li').count()).toBe(25);
  expect(asked.at(-1)).toBe(`?county=Fresno&limit=20&before=${encodeURIComponent(fake(11).createdAt)}&beforeId=${fake(11).id}`);
  expect(await paged.locator('.posts > li h3').last().textContent()).toContain('Paged 1');
  expect(await more.count()).toBe(0);
  await context.close();
});

it('a proof of work that takes more than a moment says so while the post waits, in the page’s language', async () => {
  const spanish = await open('/es/lost-found', { ready: '.board-list[aria-busy="false"]' });
  onTestFinished(() => spanish.context().close());
  // The server's own challenge, its prefix made one no counter reaches: the solve runs until the page closes.
  const challenge = (await (await spanish.request.get('/api/pow/challenge?for=lostFoundPost')).json()) as PowChallenge;
  challenge.parameters.keyPrefix = 'f'.repeat(64);
  await spanish.route('**/api/lost-found', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 428, json: { error: { code: 'proof_required', message: 'Solve this first', challenge } } }) : route.continue(),
  );
  await spanish.fill('.board-form [name="name"]', 'Rosa Espera');
  await spanish.click('.board-form button[type="submit"]');
  const shown = toastOn(spanish);
  await shown.waitFor();
  expect(await shown.locator('.toast-title').textContent()).toBe(es['toast.checking']);
  expect(await spanish.locator('.board-form [name="name"]').inputValue()).toBe('Rosa Espera');
  expect(await spanish.locator('.board-form button[type="submit"]').isDisabled()).toBe(true);
});
