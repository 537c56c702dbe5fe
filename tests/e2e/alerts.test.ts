import { join } from 'node:path';
import { createClient } from '@libsql/client';
import exifr from 'exifr';
import { expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import es from '../../src/common/i18n/es.json';
import { phonePhoto } from '../photo-fixture.ts';
import { fakeGateway } from '../sms-gateway.ts';
import { connected, ownServer, toast, usePhone } from './chromium.ts';

const { context: newContext, open } = usePhone();
/** Phones whose notifications work (the full browser's). */
const { context: notifyingPhone } = usePhone({}, { full: true });
const card = (page: Page, text: string) => page.locator('li.alert', { hasText: text });

/** A page on a phone that knows where it is (to 6 decimals), with the bodies it posts to /api/alerts. */
async function openWithPosition(path: string) {
  const page = await open(path, { geolocation: { latitude: 36.781234, longitude: -119.790187 }, permissions: ['geolocation'] });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/alerts')) sent.push(request.postData() ?? '');
  });
  return { page, sent };
}

/** Chooses PRECISE and shares the phone's position, once the form says it was added. */
async function sharePrecisePosition(page: Page) {
  await page.check('input[value="PRECISE"]');
  await page.getByRole('button', { name: 'Share my location' }).click();
  await expect.poll(() => page.locator('[role="status"]', { hasText: 'Location added' }).count()).toBe(1);
}

it('an enforcement report with a photo: stripped, listed unverified, confirmed elsewhere, heard live', async () => {
  const watcher = await open('/es/alerts-live');
  await connected(watcher);
  // The hero counts the pages really listening, this one among them.
  await expect.poll(() => watcher.locator('.live-hero').textContent()).toMatch(/ [1-9]\d* /);

  const reporter = await open('/ice-reports');
  const details = `Agents stopping cars at Kings Canyon ${Date.now()}`;
  await reporter.selectOption('select[name="activity"]', 'Checkpoint or traffic stop');
  await reporter.fill('textarea[name="details"]', details);
  await reporter.fill('input[name="agents"]', '3');
  await reporter.fill('input[name="markings"]', 'Unmarked vans');
  await reporter.fill('input[name="city"]', 'Fresno');
  await reporter.setInputFiles('input[type="file"]', { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect.poll(() => reporter.locator('.photo-preview').textContent()).toContain('Photo uploaded successfully');
  await reporter.click('form button[type="submit"]');
  await expect.poll(() => toast(reporter).textContent()).toContain('Report sent');

  // Heard live on another page, in that page's language.
  await expect.poll(() => toast(watcher).textContent(), { timeout: 5000 }).toContain(es['live.emergencyTitle'].replace('{type}', es['alertType.enforcementActivity']));
  expect(await toast(watcher).getAttribute('data-variant')).toBe('destructive');
  await expect.poll(() => card(watcher, details).count()).toBe(1);
  expect(await card(watcher, details).locator('[data-state] bdi').textContent()).toBe(es['alerts.state.reported']);

  // On /alerts, unverified, with the photo served from our origin without its GPS.
  const list = await open('/alerts');
  const listed = card(list, details);
  await expect.poll(() => listed.count()).toBe(1);
  expect(await listed.locator('[data-state] bdi').textContent()).toBe('Reported');
  const src = await listed.locator('img.alert-photo').getAttribute('src');
  expect(src).toMatch(/^\/images\/alert-photos\//);
  const photo = await list.request.get(src!);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  expect(await exifr.parse(await photo.body(), { gps: true })).toBeUndefined();

  // A second person confirms it from their own phone, on another network (the e2e server trusts
  // loopback as its reverse proxy, so the address the proxy forwards is the phone's).
  const neighbour = await open('/alerts', { extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.44' } });
  await expect.poll(() => card(neighbour, details).count()).toBe(1);
  await card(neighbour, details).getByRole('button', { name: 'I see it too' }).click();
  await expect.poll(() => card(neighbour, details).locator('[data-confirmations]').textContent()).toBe('1 person sees it too');
  expect(await toast(neighbour).textContent()).toContain('Thank you. Your confirmation was counted.');
  // The same phone again: told it was already counted, not thanked twice, and the count stays.
  await card(neighbour, details).getByRole('button', { name: 'I see it too' }).click();
  await expect.poll(() => toast(neighbour).textContent()).toContain('Already counted: answers from one internet connection count once.');
  expect(await toast(neighbour).textContent()).not.toContain('Thank you');
  expect(await card(neighbour, details).locator('[data-confirmations]').textContent()).toBe('1 person sees it too');
  await list.reload();
  await expect.poll(() => card(list, details).locator('[data-confirmations]').textContent()).toBe('1 person sees it too');
  // The reporter's own network is not counted, and its "all clear" never ends the report.
  await card(reporter, details).getByRole('button', { name: 'I see it too' }).click();
  await expect.poll(() => toast(reporter).textContent()).toContain('Already counted');
  await card(neighbour, details).getByRole('button', { name: 'All clear' }).click();
  await expect.poll(() => card(neighbour, details).locator('[data-all-clears]').textContent()).toBe('1 person says it is over');
  expect(await card(neighbour, details).locator('[data-confirmations]').textContent()).toBe('0 people see it too');
  await list.reload();
  await expect.poll(() => card(list, details).locator('[data-all-clears]').textContent()).toBe('1 person says it is over');

  for (const page of [watcher, reporter, list, neighbour]) await page.context().close();
});

it('the inline alert form: validation toast, success resets to Community Notice and BROAD', async () => {
  const page = await open('/alerts');
  await page.selectOption('select[name="type"]', 'Safety Checkpoint');
  await page.check('input[value="PRECISE"]');
  // Precise without a position is said to post as Broad before anything is sent.
  expect(await page.getByRole('button', { name: 'Share my location' }).getAttribute('aria-describedby')).toBeTruthy();
  expect(await page.locator('.hint', { hasText: 'Without your location, the alert is posted as Broad' }).isVisible()).toBe(true);
  await page.fill('textarea[name="details"]', 'Checkpoint on Hwy 99 northbound');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Required fields missing');
  expect(await toast(page).textContent()).toContain('Please fill in city and details.');
  expect(await page.inputValue('textarea[name="details"]')).toBe('Checkpoint on Hwy 99 northbound');

  await page.fill('input[name="city"]', 'Merced');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Alert posted successfully');
  expect(await page.inputValue('select[name="type"]')).toBe('Community Notice');
  expect(await page.isChecked('input[value="BROAD"]')).toBe(true);
  expect(await page.inputValue('textarea[name="details"]')).toBe('');
  await expect.poll(() => card(page, 'Checkpoint on Hwy 99 northbound').count()).toBe(1);
  // Posted PRECISE without sharing a position: nothing promises a precise place.
  const badges = await card(page, 'Checkpoint on Hwy 99 northbound').locator('.alert-badges').textContent();
  expect(badges).toContain('Broad');
  expect(badges).not.toContain('Precise');
  await page.context().close();
});

it('/alerts-live: text subscription and its stop, each with the code texted to the phone; browser notifications and the call to action', async () => {
  // A server of its own, with an SMS gateway on loopback: the test reads the codes on the "phone".
  const gateway = await fakeGateway();
  onTestFinished(async () => void (await gateway.close()));
  const server = await ownServer({ env: { SMS_GATEWAY_URL: gateway.url, PFIF_DOMAIN: 'findhelpreunite.example' } });
  const context = await notifyingPhone({ baseURL: server.url });
  // Counts the page's permission requests: only the tap below may ask.
  await context.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification);
    Object.assign(window, { permissionAsks: 0 });
    Notification.requestPermission = () => {
      Object.assign(window, { permissionAsks: (window as unknown as { permissionAsks: number }).permissionAsks + 1 });
      return ask();
    };
  });
  const asks = (page: Page) => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
  const page = await context.newPage();
  // A step that cannot happen fails within seconds, naming the step, instead of at the test's end.
  page.setDefaultTimeout(10_000);
  // The island reads the permission and then asks for the figures in one effect: once the figures
  // are asked for, it has read "not yet", so granting below cannot race its first look.
  const statsAsked = page.waitForRequest((request) => request.url().includes('/api/live/stats'));
  await page.goto('/alerts-live');
  await statsAsked;
  // The person says yes when the browser asks.
  await context.grantPermissions(['notifications']);

  const phone = '+15595550148';
  /** The code in the newest text to the phone, once it arrived. */
  const texted = async (count: number) => {
    await expect.poll(() => gateway.to(phone).length).toBe(count);
    return /(\d{6})/.exec(gateway.to(phone).at(-1)!)![1]!;
  };
  /** Enters a wrong code (refused), then the right one, in the code field that took the focus. */
  const enterCode = async (page: Page, code: string, confirm: string) => {
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await page.fill('input[name="code"]', code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: confirm }).click();
    await expect.poll(() => toast(page).textContent()).toContain('This code does not work');
    await page.fill('input[name="code"]', code);
    await page.getByRole('button', { name: confirm }).click();
  };
  // Subscribing, and stopping through the same form: each asks for the phone first, then texts a
  // code and asks for it, and empties the form once done. Stopping a number no longer subscribed
  // goes exactly the same way: the page cannot tell who is subscribed.
  const steps = [
    // The number isolated in the sentence (FSI/PDI), so it reads whole in Arabic too.
    ['Subscribe to Emergency Alerts', 'Confirm', 'Alert subscription activated!', `You'll receive emergency text alerts at \u2068${phone}\u2069`],
    ['Stop text alerts', 'Stop text alerts', 'Text alerts stopped', `\u2068${phone}\u2069 will not get any more alerts.`],
  ] as const;
  let texts = 0;
  for (const [button, confirm, done, said] of steps) {
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Please enter your phone number');
    await page.fill('input[name="phone"]', '(559) 555-0148');
    await page.fill('input[name="city"]', 'Fresno');
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Check your texts');
    await enterCode(page, await texted(++texts), confirm);
    expect(gateway.to(phone).at(-1)).toContain('If you did not ask for it, ignore this text.');
    await expect.poll(() => toast(page).textContent()).toContain(done);
    expect(await toast(page).textContent()).toContain(said);
    expect(await page.inputValue('input[name="phone"]')).toBe('');
    if (button !== 'Subscribe to Emergency Alerts') continue;
    // This phone remembers the number: its notifications page (in another tab, this one stays as it
    // is) stops it, with a code too.
    const notifications = await context.newPage();
    await notifications.goto('/notifications');
    await notifications.getByRole('button', { name: 'Stop text alerts' }).click();
    await enterCode(notifications, await texted(++texts), 'Stop text alerts');
    await expect.poll(() => toast(notifications).textContent()).toContain('Text alerts stopped');
    await expect.poll(() => notifications.getByText('No phone number was signed up for text alerts on this device.').count()).toBe(1);
    await notifications.close();
  }

  // Nothing on the page asked for notifications by itself: only the tap below may.
  await connected(page);
  expect(await asks(page)).toBe(0);
  await page.getByRole('button', { name: 'Enable Browser Notifications' }).click();
  await expect.poll(() => page.locator('.badge', { hasText: 'Notifications Enabled' }).count()).toBe(1);
  expect(await asks(page)).toBe(1);
  expect(await toast(page).textContent()).toContain('Notifications enabled!');

  await page.getByRole('button', { name: 'Subscribe to Alerts', exact: true }).click();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
  await context.close();
}, 90_000);

it('/alerts-live without JavaScript: signing up and stopping each take the code texted to the phone, and nothing typed reaches an address', async () => {
  const gateway = await fakeGateway();
  onTestFinished(async () => void (await gateway.close()));
  const server = await ownServer({ env: { SMS_GATEWAY_URL: gateway.url, PFIF_DOMAIN: 'findhelpreunite.example' } });
  const context = await newContext({ baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const phone = '+15595550149';
  const codes: string[] = [];
  const steps = [
    [es['alertsLive.subscribe'], '/api/alert-subscriptions', es['alertsLive.subscribed']],
    [es['alertsLive.unsubscribe'], '/api/alert-subscriptions/stop', es['alertsLive.unsubscribed']],
  ] as const;
  for (const [button, path, done] of steps) {
    await page.goto('/es/alerts-live');
    await page.fill('#subscribe [name="phone"]', '(559) 555-0149');
    await page.fill('#subscribe [name="city"]', 'Fresno');
    // Updates on a report (verified, over) asked for with the sign-up, as a plain checkbox.
    await page.locator('#subscribe').getByRole('checkbox', { name: es['alertsLive.updates'] }).check();
    await page.locator('#subscribe').getByRole('button', { name: button }).click();
    await page.waitForURL(`**${path}`);
    expect(await page.locator('h1').textContent()).toBe(es['alertsLive.codeSent']);
    await expect.poll(() => gateway.to(phone).length).toBe(codes.length + 1);
    codes.push(/(\d{6})/.exec(gateway.to(phone).at(-1)!)![1]!);
    await page.fill('[name="code"]', codes.at(-1)!);
    await page.click('main form button[type="submit"]');
    await page.waitForURL(`**${path}/confirm`);
    expect(await page.locator('h1').textContent()).toBe(done);
    if (path === '/api/alert-subscriptions') {
      const database = createClient({ url: `file:${join(server.folder, 'app.db')}` });
      expect((await database.execute('select updates from alert_subscriptions')).rows.map((row) => row.updates)).toEqual([1]);
      database.close();
    }
  }
  expect(urls.filter((url) => ['5595550149', '555-0149', '(559)', ...codes].some((typed) => decodeURIComponent(url).includes(typed)))).toEqual([]);
  await context.close();
}, 90_000);

it('/submit-alert: details required, every type, time defaults to now, back link', async () => {
  const page = await open('/submit-alert');
  expect(await page.locator('select[name="type"] option').count()).toBe(7);
  const now = await page.inputValue('input[name="alertTime"]');
  expect(Math.abs(Date.parse(now) - Date.now())).toBeLessThan(5 * 60_000);
  await page.fill('input[name="city"]', 'Oxnard');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Alert details required');
  expect(await toast(page).textContent()).toContain('Please enter alert details.');
  await page.selectOption('select[name="type"]', 'Weather Alert');
  await page.fill('textarea[name="details"]', 'Flood warning near the river tonight');
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Alert submitted successfully');
  expect(await page.getAttribute('a.back-link', 'href')).toBe('/alerts');
  // Not an empty form: what happened and where the alert is; the form comes back on demand.
  const done = page.locator('.posted-notice');
  expect(await done.locator('h2').textContent()).toBe('Alert submitted successfully');
  expect(await done.textContent()).toContain('Your alert is on the Community Alerts board now.');
  expect(await done.getByRole('link', { name: 'See it on the alerts board' }).getAttribute('href')).toBe('/alerts');
  await done.getByRole('button', { name: 'Submit another alert' }).click();
  expect(await page.inputValue('textarea[name="details"]')).toBe('');
  await page.context().close();
});

it('/submit-alert Precise with a shared position: rounded on the phone, stored rounded, shown Precise with a map', async () => {
  const { page, sent } = await openWithPosition('/submit-alert');
  const details = `Road closed by the fairgrounds ${Date.now()}`;
  await page.fill('input[name="city"]', 'Fresno');
  await page.fill('textarea[name="details"]', details);
  await sharePrecisePosition(page);
  await page.click('form button[type="submit"]');
  await expect.poll(() => toast(page).textContent()).toContain('Alert submitted successfully');
  expect(JSON.parse(sent[0]!).location).toEqual({ lat: 36.781, lng: -119.79 });
  expect(sent[0]).not.toContain('36.781234');

  const stored = (await (await page.request.get('/api/alerts')).json()) as { details: string; precision: string; location: unknown }[];
  expect(stored.find((alert) => alert.details === details)).toMatchObject({ precision: 'PRECISE', location: { lat: 36.781, lng: -119.79 } });

  await page.locator('.posted-notice').getByRole('link', { name: 'See it on the alerts board' }).click();
  await page.waitForURL('**/alerts');
  const posted = card(page, details);
  await expect.poll(() => posted.count()).toBe(1);
  expect(await posted.locator('.alert-badges').textContent()).toContain('Precise');
  expect(await posted.getByRole('link', { name: 'Map' }).getAttribute('href')).toContain('mlat=36.781&mlon=-119.79');
  await page.context().close();
});

it('share location sends only a position rounded on the phone, never the exact one', async () => {
  const { page, sent } = await openWithPosition('/ice-reports');
  await page.selectOption('select[name="activity"]', 'Agents at a workplace');
  await page.fill('textarea[name="details"]', `Agents at the packing plant gate ${Date.now()}`);
  await page.fill('input[name="city"]', 'Selma');
  await sharePrecisePosition(page);
  await page.click('form button[type="submit"]');
  await expect.poll(() => sent.length).toBe(1);
  expect(JSON.parse(sent[0]!).location).toEqual({ lat: 36.781, lng: -119.79 });
  expect(sent[0]).not.toContain('36.781234');
  await page.context().close();
});
