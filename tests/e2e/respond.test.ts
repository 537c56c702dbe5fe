import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../../src/common/i18n/en.json';
import es from '../../src/common/i18n/es.json';
import ar from '../../src/common/i18n/ar.json';
import type { Alert } from '../../src/common/contract/index.ts';
import { hydrated, post, sharedServer, toast, usePhone } from './chromium.ts';

const { admin, baseURL } = sharedServer();
const phone = usePhone();
// WebAuthn takes a host name for its RP ID, never an IP address: the responder's phone opens the
// same server as localhost.
const responderSite = baseURL.replace('127.0.0.1', 'localhost');

/** Chromium's virtual authenticator on the phone: a platform passkey that says yes at once, as a fingerprint would. */
async function withPasskeys(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

it('a moderator invites a responder, who makes a passkey from the link, signs in with it and verifies a report every page then shows', { timeout: 120_000 }, async () => {
  // The moderator, on /responders-admin.
  const desk = await phone.open('/responders-admin');
  await desk.fill('input[name="username"]', admin.name);
  await desk.fill('input[name="password"]', admin.secret);
  await desk.click('.admin-sign-in button[type="submit"]');
  const form = desk.locator('.admin-responders form');
  await form.locator('input[name="name"]').fill('Luz');
  await form.locator('input[name="network"]').fill('Valley Rapid Response');
  await form.getByLabel('Fresno', { exact: true }).check();
  await form.getByRole('button', { name: en['admin.responderInvite'] }).click();
  const link = await desk.locator('.responder-link input').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/respond#invite=[\\w-]{43}$`));

  // The responder, on their phone, in Spanish.
  const context = await phone.context({ baseURL: responderSite });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withPasskeys(context, page);
  await page.goto(link.replace(baseURL, responderSite).replace('/respond', '/es/respond'));
  await hydrated(page);
  // The link's secret leaves the address bar once read.
  await expect.poll(() => page.url()).toBe(`${responderSite}/es/respond`);
  await page.getByRole('button', { name: es['respond.makePasskey'] }).click();
  await page.locator('.respond-me').waitFor();
  expect(await page.locator('.respond-me').textContent()).toContain('Valley Rapid Response');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Signed out, then in again with the passkey alone.
  await page.getByRole('button', { name: es['respond.signOut'] }).click();
  await page.getByRole('button', { name: es['respond.signIn'] }).click();
  await page.locator('.respond-me').waitFor();

  // A report in Fresno arrives on the desk, live; "Confirmed: I saw it" verifies it.
  const details = `Two vans on Blackstone ${Date.now()}`;
  const posted = await post('/api/alerts', { type: 'Enforcement Activity', activity: 'Checkpoint or traffic stop', city: 'Fresno', details });
  const report = (await posted.json()) as Alert;
  const card = page.locator(`.respond-report[data-alert-id="${report.id}"]`);
  await card.waitFor({ timeout: 20_000 });
  await card.getByLabel(es['respond.note']).fill('Vistas a las 10:05');
  await card.getByRole('button', { name: es['respond.verified'] }).click();
  await expect.poll(() => toast(page).first().textContent()).toContain(es['respond.saved']);
  await expect.poll(() => card.locator('[data-state]').getAttribute('data-state')).toBe('verified');

  // Anyone, on /ice-reports, sees who verified it by network, never by name.
  const visitor = await phone.open('/ice-reports');
  const listed = visitor.locator(`[data-alert-id="${report.id}"]`);
  // The network's name is isolated (FSI ... PDI), so a name in another script keeps its place in the sentence.
  await expect
    .poll(() => listed.locator('[data-state] bdi').textContent(), { timeout: 20_000 })
    .toBe(en['alerts.state.verifiedBy'].replace('{network}', '\u2068Valley Rapid Response\u2069'));
  expect(await listed.textContent()).toContain('Vistas a las 10:05');
  expect(await listed.textContent()).not.toContain('Luz');

  // The network's numbers on /map, added up per county: Fresno's report and its verification counted.
  await visitor.goto('/map');
  const fresno = visitor.locator('.map-tallies tbody tr', { has: visitor.locator('th', { hasText: /^Fresno$/ }) });
  await fresno.waitFor();
  const [reports, , verified] = (await fresno.locator('td').allTextContents()).map(Number);
  expect(reports).toBeGreaterThanOrEqual(1);
  expect(verified).toBeGreaterThanOrEqual(1);
  expect(await visitor.locator('.map-tallies thead th').allTextContents()).toEqual(
    ['tallies.county', 'tallies.reports', 'tallies.confirmed', 'tallies.verified', 'tallies.falseAlarms'].map((key) => en[key as keyof typeof en]),
  );

  await Promise.all([context.close(), desk.context().close(), visitor.context().close()]);
});

it('a moderator adds a passkey on the desk and signs in with it after signing out, the secret form still there', { timeout: 60_000 }, async () => {
  const context = await phone.context({ baseURL: responderSite });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withPasskeys(context, page);
  await page.goto('/ar/admin');
  await hydrated(page);
  await page.fill('input[name="username"]', admin.name);
  await page.fill('input[name="password"]', admin.secret);
  await page.click('.admin-sign-in button[type="submit"]');
  await page.getByRole('button', { name: ar['admin.passkeyAdd'] }).click();
  await expect.poll(() => toast(page).first().textContent()).toContain(ar['admin.passkeyAdded']);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  await page.getByRole('button', { name: ar['admin.signOut'] }).click();
  await page.locator('.admin-sign-in input[name="password"]').waitFor();
  await page.getByRole('button', { name: ar['admin.passkeySignIn'] }).click();
  await expect.poll(() => page.locator('.admin-bar').textContent()).toContain(admin.name);
  await context.close();
});
