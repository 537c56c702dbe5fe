import { expect, it } from 'vitest';
import { usePhone } from './chromium.ts';

const { context: newContext, baseURL } = usePhone();

it('the service worker shows a pushed notification with the server’s title and body, opening only this site’s pages', async () => {
  const context = await newContext();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/es/drops');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const scope = new URL('/', baseURL).href;
  await expect.poll(() => registrations.get(scope)).toBeTruthy();

  const push = async (message: unknown) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL).origin, registrationId: registrations.get(scope)!, data: JSON.stringify(message) });
  };
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

  await push({ title: 'Nuevo reparto de comida y artículos', body: 'Ábrelo para ver más.', url: '/es/drops', tag: 'drops' });
  await expect.poll(shown).toEqual([
    {
      title: 'Nuevo reparto de comida y artículos',
      body: 'Ábrelo para ver más.',
      tag: 'drops',
      url: new URL('/es/drops', baseURL).href,
      icon: new URL('/icon-192.png', baseURL).href,
    },
  ]);

  // A push naming another site opens this site's home page instead; one of the same topic replaces the last.
  await push({ title: 'Nuevo reparto de comida y artículos', body: 'Ábrelo para ver más.', url: 'https://evil.example/drops', tag: 'drops' });
  await expect.poll(async () => (await shown()).map((notice) => notice.url)).toEqual([new URL('/', baseURL).href]);
  await context.close();
});
