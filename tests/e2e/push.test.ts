import { expect, it, onTestFinished } from 'vitest';
import ar from '../../src/common/i18n/ar.json';
import es from '../../src/common/i18n/es.json';
import { localPushService } from '../push-service.ts';
import { ownServer, post, usePhone } from './chromium.ts';

const { context: newContext, baseURL } = usePhone({}, { full: true });

/**
 * A phone that allows notifications, on `path` of the site at `origin` once its service worker
 * is active: `push(message)` hands the worker a push through Chromium's DevTools protocol, as the
 * browser does with what its push service delivers, and returns once the notifications shown
 * changed; `shown()` lists the notifications shown.
 */
async function phoneWithWorker(origin: string, path: string) {
  const context = await newContext({ baseURL: origin });
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto(path);
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)));
  });
  const scope = new URL('/', origin).href;
  await expect.poll(() => registrations.get(scope)).toBeTruthy();
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => ({
        title: notice.title,
        body: notice.body,
        tag: notice.tag,
        url: notice.data?.url,
        icon: notice.icon,
      })),
    );
  const deliver = (message: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(origin).origin, registrationId: registrations.get(scope)!, data: JSON.stringify(message) });
  return {
    context,
    shown,
    /**
     * A worker started for a push on a busy machine can miss it (Chromium drops a push it could not
     * deliver, as a push service would retry): the push is handed again every few seconds until
     * something shown changed. A worker that never shows it still fails the test.
     */
    async push(message: unknown) {
      const before = JSON.stringify(await shown());
      for (let attempt = 0; attempt < 4; attempt++) {
        await deliver(message);
        const changed = await expect
          .poll(async () => JSON.stringify(await shown()) !== before, { timeout: 5_000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (changed) return;
      }
    },
  };
}

it('the service worker shows a pushed notification with the server’s title and body, opening only this site’s pages', async () => {
  const phone = await phoneWithWorker(baseURL, '/es/drops');
  await phone.push({ title: 'Nuevo reparto de comida y artículos', body: 'Ábrelo para ver más.', url: '/es/drops', tag: 'drops' });
  await expect.poll(phone.shown).toEqual([
    {
      title: 'Nuevo reparto de comida y artículos',
      body: 'Ábrelo para ver más.',
      tag: 'drops',
      url: new URL('/es/drops', baseURL).href,
      icon: new URL('/icon-192.png', baseURL).href,
    },
  ]);

  // A push naming another site opens this site's home page instead; one of the same topic replaces the last.
  await phone.push({ title: 'Nuevo reparto de comida y artículos', body: 'Ábrelo para ver más.', url: 'https://evil.example/drops', tag: 'drops' });
  await expect.poll(async () => (await phone.shown()).map((notice) => notice.url)).toEqual([new URL('/', baseURL).href]);
  await phone.context.close();
});

it('a report posted on the site reaches a subscribed phone: server, push service, service worker', async () => {
  const service = await localPushService();
  onTestFinished(() => service.close());
  const server = await ownServer({ env: { PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${service.host}`, VAPID_SUBJECT: 'mailto:ops@example.org' } });
  const subscription = service.subscribe('phone');
  expect((await post('/api/push/subscriptions', { ...subscription, topics: ['enforcement'], lang: 'ar' }, server.url)).status).toBe(201);
  const report = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the flea market, ask for Rosa' };
  expect((await post('/api/alerts', report, server.url)).status).toBe(201);
  await expect.poll(() => service.received.length).toBe(1);
  expect(service.failures).toEqual([]);
  const message = service.received[0]!.message as { title: string };
  const body = ar['push.bodyNear'].replace('{area}', 'Fresno');
  expect(message).toEqual({ title: ar['live.emergencyTitle'].replace('{type}', ar['alertType.enforcementActivity']), body, url: '/ar/ice-reports', tag: 'enforcement' });

  // What the push service decrypted is what reaches the phone's service worker.
  const phone = await phoneWithWorker(server.url, '/ar/alerts-live');
  await phone.push(message);
  await expect.poll(async () => (await phone.shown()).map((notice) => [notice.title, notice.body, notice.url])).toEqual([[message.title, body, `${server.url}/ar/ice-reports`]]);
  await phone.context.close();
});

it('enabling browser notifications on /alerts-live subscribes the phone to Web Push in its language', async () => {
  const service = await localPushService();
  onTestFinished(() => service.close());
  const server = await ownServer({ env: { PUSH_SERVICE_HOSTS: service.host } });
  const subscription = service.subscribe('phone');
  const context = await newContext({ baseURL: server.url });
  // This Chromium cannot reach Google's push service: its PushManager answers what it would have
  // answered, a subscription at the test's push service, after checking the server's key.
  await context.addInitScript((given) => {
    Object.assign(window, { applicationServerKeys: [] });
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      (window as unknown as { applicationServerKeys: number[] }).applicationServerKeys.push(key.length, key[0]!);
      return { toJSON: () => given } as unknown as PushSubscription;
    };
  }, subscription);
  const page = await context.newPage();
  const statsAsked = page.waitForRequest((request) => request.url().includes('/api/live/stats'));
  await page.goto('/es/alerts-live');
  await statsAsked;
  await context.grantPermissions(['notifications']);
  const subscribed = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions'));
  await page.getByRole('button', { name: es['alertsLive.enable'] }).click();
  expect((await subscribed).status()).toBe(201);
  // The key it subscribed with is the server's VAPID public key: 65 bytes, uncompressed (0x04).
  expect(await page.evaluate(() => (window as unknown as { applicationServerKeys: number[] }).applicationServerKeys)).toEqual([65, 4]);

  expect((await post('/api/alerts', { type: 'Weather Alert', city: 'Fresno', details: 'Flooding on Highway 99' }, server.url)).status).toBe(201);
  await expect
    .poll(() => service.received.map((push) => push.message))
    .toEqual([
      { title: es['live.emergencyTitle'].replace('{type}', es['alertType.weatherAlert']), body: es['push.bodyNear'].replace('{area}', 'Fresno'), url: '/es/alerts', tag: 'alerts' },
    ]);
  await context.close();
});
