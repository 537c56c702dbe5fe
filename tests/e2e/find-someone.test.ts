import { expect, it, onTestFinished } from 'vitest';
import en from '../../src/common/i18n/en.json';
import { connected, toast, usePhone } from './chromium.ts';

/**
 * The whole of "find someone", across three phones: a mother posts her son on the board and keeps
 * his record open; a neighbour on another phone searches his name, opens the record and says she
 * reached him; the mother's open record shows it at once; and the manage link, opened on a third
 * phone, shows the neighbour's contact to the owner alone.
 */
const { open, context } = usePhone();

it('a record posted on one phone is found by name on another, whose note reaches the first live and its contact only the owner', async () => {
  const name = `María José Ríos ${Date.now()}`;
  const mother = await context();
  const neighbour = await context();
  const ownerElsewhere = await context();
  onTestFinished(async () => {
    await Promise.all([mother.close(), neighbour.close(), ownerElsewhere.close()]);
  });

  const board = await open('/lost-found', { context: mother, ready: '.board-list[aria-busy="false"]' });
  await board.fill('.board-form [name="name"]', name);
  await board.fill('.board-form [name="lastSeenCity"]', 'Fresno');
  await board.fill('.board-form [name="contact"]', '(559) 555-0140');
  await board.click('.board-form button[type="submit"]');
  await expect.poll(() => toast(board).textContent()).toContain(en['lostFound.success']);
  const [record] = await board.evaluate(() => JSON.parse(localStorage.getItem('my-posts') ?? '[]') as { kind: string; id: string; token: string }[]);
  expect(record).toMatchObject({ kind: 'missing' });

  const mothersView = await open(`/person/${record!.id}`, { context: mother, ready: 'astro-island:not([ssr]) .person' });
  await connected(mothersView);
  expect(await mothersView.locator('.person-reached').isVisible()).toBe(false);

  const search = await open('/lost-found', { context: neighbour, ready: '.board-list[aria-busy="false"]' });
  await search.fill('input[type="search"]', 'maria jose');
  await search.click('form[role="search"] button[type="submit"]');
  const link = search.locator(`.posts a[href="/person/${record!.id}"]`);
  await link.waitFor();
  expect(await link.textContent()).toBe(name);
  await link.click();
  await search.waitForSelector('astro-island:not([ssr]) .person');
  expect(await search.locator('#person-name bdi').textContent()).toBe(name);

  await search.fill('[name="authorName"]', 'Lupe');
  await search.fill('[name="text"]', 'He is staying with my family in Visalia. He is safe.');
  await search.check('[name="status"][value="believed_alive"]');
  await search.check('[name="authorMadeContact"]');
  await search.fill('[name="lastKnownLocation"]', 'Visalia');
  await search.fill('[name="contact"]', 'lupe.neighbour@example.org');
  await search.click('.person-form button[type="submit"]');
  await expect.poll(() => toast(search).textContent()).toContain(en['person.success']);

  // The mother's page, open all along, shows the news without being reloaded; never the contact.
  const reached = mothersView.locator('.person-reached');
  await expect.poll(() => reached.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await reached.textContent()).toContain('He is staying with my family in Visalia');
  expect(await mothersView.textContent('main')).not.toContain('lupe.neighbour@example.org');

  // The manage link works on any phone, and is where the owner reads the contact.
  const manage = await open(`/manage#missing.${record!.id}.${record!.token}`, { context: ownerElsewhere, ready: '.record-expiry' });
  const card = manage.locator('.my-post', { has: manage.locator(`a[href="/person/${record!.id}"]`) });
  await expect.poll(() => card.locator('.person-note-contact').textContent()).toContain('lupe.neighbour@example.org');
  expect(await card.locator('.person-note').textContent()).toContain(en['person.contactMade']);
  expect(manage.url()).not.toContain(record!.token);
});
