import { expect, it, onTestFinished } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import ar from '../../src/common/i18n/ar.json';
import es from '../../src/common/i18n/es.json';
import { localPushService, type LocalPushService } from '../push-service.ts';
import { ownServer, post, toast, usePhone } from './chromium.ts';

const { context: newContext } = usePhone({}, { full: true });

/**
 * A phone that allows notifications. This Chromium cannot reach Google's push service: its
 * PushManager answers what it would have, a subscription at the test's push service, kept across
 * pages like the browser's own (until it is stopped).
 */
async function phoneAt(origin: string, subscription: ReturnType<LocalPushService['subscribe']>): Promise<BrowserContext> {
  const context = await newContext({ baseURL: origin });
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript((given) => {
    const made = () => ({
      toJSON: () => given,
      unsubscribe: async () => {
        localStorage.removeItem('test-push');
        return true;
      },
    });
    PushManager.prototype.getSubscription = async () => (localStorage.getItem('test-push') ? (made() as unknown as PushSubscription) : null);
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem('test-push', '1');
      return made() as unknown as PushSubscription;
    };
  }, subscription);
  return context;
}

it('“Notify me about this person” on /person lists the record on /notifications, where areas and topics are saved and following stops, right to left', async () => {
  const service = await localPushService();
  onTestFinished(() => service.close());
  const server = await ownServer({ env: { PUSH_SERVICE_HOSTS: service.host } });
  const name = 'Rosa Elena Martínez';
  const created = await post('/api/lost-found', { name, lastSeenCity: 'Fresno', description: 'Green jacket' }, server.url);
  const { id } = (await created.json()) as { id: string };
  const context = await phoneAt(server.url, service.subscribe('phone'));
  const page = await context.newPage();

  await page.goto(`/ar/person/${id}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const followed = page.waitForResponse((response) => response.url().endsWith('/api/push/follows'));
  await page.getByRole('button', { name: ar['person.follow'] }).click();
  expect((await followed).status()).toBe(201);
  await expect.poll(() => toast(page).textContent()).toContain(ar['person.followed']);
  await expect.poll(() => page.locator('.person-follow').textContent()).toBe(ar['person.unfollow']);

  // A note on the record reaches the phone's push service: generic, in its language, opening the record.
  const note = { authorName: 'Lupe', text: 'La vi en el refugio', status: 'believed_alive' };
  expect((await post(`/api/lost-found/${id}/notes`, note, server.url)).status).toBe(201);
  await expect
    .poll(() => service.received.map((push) => push.message))
    .toEqual([{ title: ar['push.personTitle'], body: ar['push.body'], url: `/ar/person/${id}`, tag: `person:${id}` }]);

  await page.goto('/ar/notifications');
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  const record = page.getByRole('link', { name });
  await expect.poll(() => record.getAttribute('href')).toBe(`/ar/person/${id}`);
  // Followed before choosing anything: all of California, no topic.
  expect(await page.getByRole('radio', { name: ar['place.all'] }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: ar['nav.jobs'] }).isChecked()).toBe(false);
  // Updates on a report (verified, over) only when asked for.
  expect(await page.getByRole('checkbox', { name: ar['notifications.updates'] }).isChecked()).toBe(false);

  await page.getByRole('radio', { name: ar['notifications.someCounties'] }).check();
  await page.getByRole('checkbox', { name: ar['place.county'].replace('{county}', 'Fresno') }).check();
  await page.getByRole('checkbox', { name: ar['nav.jobs'] }).check();
  await page.getByRole('checkbox', { name: ar['alerts.title'] }).check();
  await page.getByRole('checkbox', { name: ar['notifications.updates'] }).check();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST');
  await page.getByRole('button', { name: ar['notifications.save'] }).click();
  expect((await saved).status()).toBe(201);
  await expect.poll(() => toast(page).textContent()).toContain(ar['notifications.saved']);

  await page.reload();
  await expect.poll(() => page.getByRole('checkbox', { name: ar['place.county'].replace('{county}', 'Fresno') }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: ar['place.county'].replace('{county}', 'Kern') }).isChecked()).toBe(false);
  expect(await page.getByRole('checkbox', { name: ar['nav.jobs'] }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: ar['alerts.title'] }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: ar['home.alertMissing'] }).isChecked()).toBe(false);
  expect(await page.getByRole('checkbox', { name: ar['notifications.updates'] }).isChecked()).toBe(true);
  // Saving kept the record followed.
  await expect.poll(() => record.count()).toBe(1);

  const stopped = page.waitForResponse((response) => response.url().endsWith('/api/push/follows') && response.request().method() === 'DELETE');
  await page.locator(`[data-record-id="${id}"]`).getByRole('button', { name: ar['person.unfollow'] }).click();
  expect((await stopped).status()).toBe(200);
  const none = ar['notifications.followsNone'].replace('{button}', ar['person.follow']);
  await expect.poll(() => page.getByText(none).count()).toBe(1);
  await page.reload();
  await expect.poll(() => page.getByText(none).count()).toBe(1);
  expect(await record.count()).toBe(0);
  await context.close();
});

it('without JavaScript, /notifications says they need it and leads to the text-alert form', async () => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/es/notifications');
  expect(await page.locator('main').textContent()).toContain(es['notifications.noscript']);
  const form = page.locator('main a.button');
  expect(await form.textContent()).toBe(es['notifications.toTextForm']);
  expect(await form.getAttribute('href')).toBe('/es/alerts-live#subscribe');
  // The island's own "loading" waits hidden for a script that never comes.
  expect(await page.getByText(es['common.loading']).isVisible()).toBe(false);
  await context.close();
});
