/**
 * Attack 7: any busy website makes its visitors' browsers post fake enforcement reports (each
 * texts the attacker's words to a county's subscribers). A page elsewhere needs no script: a form
 * with `action="https://our.site/api/alerts"` that submits itself. Here the app gets exactly the
 * headers Chromium sends for such a post (tests/e2e/cross-site.test.ts drives the real browser):
 * nothing may be stored, while the same form posted from our own pages, and clients that are no
 * browser (curl, the SMS provider), still work.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test-app.ts';
import es from '../../src/common/i18n/es.json';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

/** The enforcement report's no-script form, as the hostile page fills it in. */
const FAKE_REPORT = {
  form: 'iceReport',
  lang: 'es',
  activity: 'Checkpoint or traffic stop',
  details: 'Checkpoint at the school gate, stay home',
  city: 'Fresno',
  precision: 'BROAD',
};

/** A form post as a browser sends it, with the headers it adds about where the page was. */
const formPost = (headers: Record<string, string>, path = '/api/alerts', fields: Record<string, string> = FAKE_REPORT) =>
  api.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const stored = () => api.count('alerts');

describe('a form on another site posting to ours', () => {
  it.each([
    ['a busy site (its Origin)', { origin: 'https://busy-news.example', 'sec-fetch-site': 'cross-site' }],
    ['a page with no-referrer or a sandboxed frame (Origin: null)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { origin: 'https://forum.localhost', 'sec-fetch-site': 'same-site' }],
    ['another port of our host', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' }],
    ['an older browser that names only the Origin', { origin: 'https://busy-news.example' }],
    ['a browser that names only Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
  ])('stores nothing from %s, and says so on a small page in the form language', async (_who, headers) => {
    const response = await formPost(headers);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('lang="es-US"');
    expect(html).toContain(es['form.crossSiteTitle']);
    // Never a form holding the hostile page's words, one click from being sent from our own page.
    expect(html).not.toContain('<form');
    expect(html).not.toContain('Checkpoint at the school gate');
    expect(html).not.toMatch(/<script/i);
    expect(await stored()).toBe(0);
  });

  it('refuses a script elsewhere too, in the one error shape, on every kind of write', async () => {
    const hostile = { origin: 'https://busy-news.example', 'sec-fetch-site': 'cross-site' };
    const json = await api.post('/api/alerts', { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'fake' }, hostile);
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ error: { code: 'cross_site', message: expect.any(String) } });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await api.app.request('/api/alert-subscriptions', { method, headers: { 'content-type': 'text/plain', ...hostile }, body: '{}' });
      expect(response.status).toBe(403);
    }
    expect(await stored()).toBe(0);
  });

  it('still reads for anyone: a GET from elsewhere changes nothing', async () => {
    const response = await api.app.request('/api/alerts', { headers: { origin: 'https://busy-news.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(200);
  });
});

describe('our own pages and clients that are no browser', () => {
  it.each([
    // Our pages say `Referrer-Policy: no-referrer`, so a browser's form post from them says Origin: null.
    ['our page (Origin: null, same-origin)', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['our page naming our origin', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
    ['an older browser on our page', { origin: 'http://localhost' }],
    ['curl or a test (neither header)', {}],
  ])('posts the report from %s', async (_who, headers) => {
    const response = await formPost(headers);
    expect(response.status).toBe(201);
    expect(await stored()).toBe(1);
  });

  it('takes our page behind a proxy that ends TLS, and the configured public host', async () => {
    // The proxy keeps the Host; the app sees http:// while the page was https://.
    expect((await formPost({ origin: 'https://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    const proxied = await testApp({ pfifDomain: 'findhelpreunite.example' });
    try {
      const response = await proxied.app.request('http://127.0.0.1:4321/api/alerts', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://findhelpreunite.example', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(FAKE_REPORT).toString(),
      });
      expect(response.status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it("lets the SMS provider's webhook through: it comes from a server, and its signature is its proof", async () => {
    // Without SMS_INBOUND_SECRET the route answers 404: what matters is that this door did not answer first.
    const response = await formPost({ origin: 'https://api.twilio.example', 'sec-fetch-site': 'cross-site' }, '/api/sms/inbound', { From: '+15595550100', Body: 'REPORT x' });
    expect(response.status).toBe(404);
  });
});
