/**
 * Markup posted in every text field stays text: on every page that shows it (lists, the help
 * boxes and their detail dialog, a poster's own page with its answers) and in live toasts. The
 * probe would add an element and open a dialog if it ever ran; the page's policy would also stop
 * it, so the test looks at the document itself, not only for the dialog.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connected, everyIslandTried as hydrated, post as send, toast, usePhone } from './chromium.ts';

const phone = usePhone();
const PROBE = `"><img src=x id=xss-probe onerror=alert(1)><script>alert(2)</script>`;
/** The probe with a field's name, so each field's text can be found on the page. */
const probe = (field: string) => `${field}${PROBE}`.slice(0, 100);

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await send(path, body);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A page that fails the test if any script of the probe runs. */
async function open(path: string) {
  const dialogs: string[] = [];
  const page = await phone.open(path, {
    before: (page) =>
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      }),
  });
  return { page, dialogs };
}

/** The probe shows as text, and nothing it carries became an element or a link that runs code. */
async function expectInert(page: Page, dialogs: string[], texts: string[]) {
  const shown = await page.locator('body').innerText();
  for (const text of texts) expect(shown, text).toContain(text);
  expect(await page.locator('#xss-probe').count()).toBe(0);
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].filter((script) => script.textContent?.includes('alert(2)')).length)).toBe(0);
  expect(dialogs).toEqual([]);
}

it('markup in every lost-and-found, alert and help field renders as text on every page that shows it', async () => {
  const lost = { name: probe('name'), lastSeenCity: probe('city'), description: probe('description'), contact: `javascript:alert(1)//${PROBE}` };
  await post('/api/lost-found', lost);
  const alert = { type: 'Community Notice', city: probe('alertcity'), area: probe('area'), details: `${probe('details')} ${Date.now()}`, contact: probe('alertcontact') };
  await post('/api/alerts', alert);
  const report = { type: 'Enforcement Activity', activity: 'Other', city: probe('reportcity'), details: `${probe('reportdetails')} ${Date.now()}`, markings: probe('markings') };
  await post('/api/alerts', report);
  const request = {
    title: probe('title'),
    description: probe('needs'),
    category: 'Other',
    urgency: 'High',
    city: probe('helpcity'),
    contactName: probe('contactname'),
    contactMethod: `javascript:alert(1)//${PROBE}`,
  };
  const created = await post<{ id: string; manageToken: string }>('/api/assistance-requests', request);
  const offer = {
    title: probe('offertitle'),
    description: probe('offerdesc'),
    category: 'Other',
    availability: probe('availability'),
    contactName: probe('offername'),
    contactMethod: probe('offercontact'),
  };
  await post('/api/surplus-offers', offer);
  const answer = {
    responderName: probe('responder'),
    responderContact: `javascript:alert(1)//${PROBE}`,
    message: probe('message'),
    responseType: 'offer_help',
    requestId: created.id,
  };
  await post('/api/assistance-responses', answer);

  const pages: Array<[string, string[], ((page: Page) => Promise<unknown>)?]> = [
    ['/lost-found', [lost.name, lost.lastSeenCity, lost.description]],
    ['/alerts', [alert.city, alert.area, alert.details]],
    ['/ice-reports', [report.city, report.markings]],
    ['/alerts-live', []],
    ['/es/lost-found', [lost.name]],
    [`/manage#request.${created.id}.${created.manageToken}`, [request.title, answer.responderName, answer.message], (page) => page.getByText(answer.message).first().waitFor()],
  ];
  for (const [path, texts, ready] of pages) {
    const { page, dialogs } = await open(path);
    await hydrated(page);
    await ready?.(page);
    if (texts[0]) await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain(texts[0]);
    await expectInert(page, dialogs, texts);
    await page.context().close();
  }

  // The home page's help boxes, then a request's detail dialog.
  const { page, dialogs } = await open('/');
  await hydrated(page);
  await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain(request.title);
  await page
    .locator('.help-box.request')
    .getByRole('button', { name: /See all/ })
    .click();
  await page.locator('dialog[open] .help-list-item', { hasText: request.title }).locator('.help-list-open').click();
  await expect.poll(() => page.locator('dialog[open]').innerText()).toContain(request.description);
  await expectInert(page, dialogs, [request.title, request.description, request.contactName]);
  await page.context().close();
});

it('markup in a live event shows as text in the toast on every open page', async () => {
  const { page, dialogs } = await open('/alerts');
  await connected(page);
  const name = probe(`toast${Date.now()}`);
  await post('/api/lost-found', { name, lastSeenCity: probe('toastcity') });
  await expect.poll(() => toast(page).innerText(), { timeout: 5000 }).toContain(name);
  await expectInert(page, dialogs, [name]);
  const details = `${probe('emergency')} ${Date.now()}`;
  await post('/api/alerts', { type: 'Safety Checkpoint', city: 'Fresno', details });
  await expect.poll(() => toast(page).innerText(), { timeout: 5000 }).toContain(details.slice(0, 40));
  await expectInert(page, dialogs, []);
  await page.context().close();
});
