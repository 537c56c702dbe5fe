import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/test-app.ts';
import es from '../../../src/common/i18n/es.json';
import ko from '../../../src/common/i18n/ko.json';
import { subscribeTexts, textedCode } from '../../../tests/text-codes.ts';
import { createAdmin } from '../admin-auth/index.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

/** A form as a browser without JavaScript posts it. */
const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });

describe('forms posted without JavaScript', () => {
  it('stores an SOS and answers the spec success text in the visitor language', async () => {
    const response = await postForm('/api/sos', { form: 'sos', lang: 'es', city: 'Fresno', details: 'Necesito ayuda', contact: '' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('lang="es-US"');
    expect(html).toContain('Solicitud de SOS enviada');
    expect(html).toContain('href="/es/sos"');
    expect(html).not.toMatch(/<script/i);
    const [row] = (await api.store.client.execute('select city, details, contact from sos_requests')).rows;
    expect(row).toMatchObject({ city: 'Fresno', details: 'Necesito ayuda', contact: null });
  });

  it("takes a resource's checkboxes and hours rows, name by name, as the island sends them", async () => {
    const body = new URLSearchParams([
      ['form', 'resource'],
      ['lang', 'es'],
      ['name', 'Despensa'],
      ['category', 'Food'],
      ['languages', 'es'],
      ['languages', 'mix'],
      ['notRequired', 'id'],
      ['cost', 'free'],
      ['schedule.day', 'tu'],
      ['schedule.opens', '09:00'],
      ['schedule.closes', '12:00'],
      ['schedule.day', 'sa'],
      ['schedule.opens', '18:00'],
      ['schedule.closes', '00:00'],
      // The empty rows a page without a script offers are left out.
      ['schedule.day', 'mo'],
      ['schedule.opens', ''],
      ['schedule.closes', ''],
    ]);
    const response = await api.app.request('/api/resources', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(response.status).toBe(201);
    const [row] = (await api.store.client.execute('select schedule, languages, not_required, cost from resources')).rows;
    expect(JSON.parse(String(row!.schedule))).toEqual([
      { day: 'tu', opens: '09:00', closes: '12:00' },
      { day: 'sa', opens: '18:00', closes: '24:00' },
    ]);
    expect(row).toMatchObject({ languages: '["es","mix"]', not_required: '["id"]', cost: 'free' });
  });

  it('gives back the hours and checkboxes a refused resource had, with rows to add more', async () => {
    const body = new URLSearchParams([
      ['form', 'resource'],
      ['lang', 'en'],
      ['name', 'Pantry'],
      ['category', 'Food'],
      ['languages', 'vi'],
      ['schedule.day', 'we'],
      ['schedule.opens', '17:00'],
      ['schedule.closes', '09:00'],
    ]);
    const response = await api.app.request('/api/resources', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Opening hours');
    expect(html).toContain('<option value="we" selected>Wednesday</option>');
    expect(html).toContain('name="schedule.opens" aria-label="Opens" value="17:00"');
    expect(html.match(/name="schedule.day"/g)).toHaveLength(4);
    expect(html).toContain('name="languages" value="vi" checked> Vietnamese');
    expect(await api.count('resources')).toBe(0);
  });

  it('starts text alerts in two steps: the number, then a page in its language with the code field; a wrong code comes back', async () => {
    const asked = await postForm('/api/alert-subscriptions', { form: 'subscription', lang: 'es', phone: '(559) 555-0142', city: 'Fresno' });
    expect(asked.status).toBe(202);
    const page = await asked.text();
    expect(page).toContain(es['alertsLive.codeSent']);
    expect(page).toContain(es['alertsLive.codeSentText'].replace('{phone}', '+15595550142'));
    // The next form, the number hidden in it (in the page, never in an address), the code to type.
    expect(page).toContain(
      '<form method="post" action="/api/alert-subscriptions/confirm"><input type="hidden" name="form" value="subscriptionCode"><input type="hidden" name="lang" value="es">',
    );
    expect(page).toContain('<input type="hidden" name="phone" value="+15595550142">');
    expect(page).toMatch(/<input id="f-code" type="text" name="code" aria-required="true" inputmode="numeric" autocomplete="one-time-code" maxlength="20" value="">/);
    expect(await api.count('alert_subscriptions')).toBe(0);

    const code = await textedCode(api, '+15595550142');
    const wrong = await postForm('/api/alert-subscriptions/confirm', {
      form: 'subscriptionCode',
      lang: 'es',
      phone: '+15595550142',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain(es['alertsLive.codeError']);
    expect(again).toContain('<input type="hidden" name="phone" value="+15595550142">');
    const done = await postForm('/api/alert-subscriptions/confirm', { form: 'subscriptionCode', lang: 'es', phone: '+15595550142', code });
    expect(done.status).toBe(201);
    expect(await done.text()).toContain(es['alertsLive.subscribedText'].replace('{phone}', '+15595550142'));
    expect(await api.count('alert_subscriptions')).toBe(1);
  });

  it("stops text alerts from the same form's other button (its own form id and address), then the code", async () => {
    expect((await subscribeTexts(api, { phone: '5595550142', city: 'Fresno' })).status).toBe(201);
    // The browser sends the form's hidden id, then the pressed button's.
    const body = new URLSearchParams([
      ['form', 'subscription'],
      ['lang', 'en'],
      ['phone', '559-555-0142'],
      ['city', ''],
      ['form', 'textStop'],
    ]);
    const asked = await api.app.request('/api/alert-subscriptions/stop', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(asked.status).toBe(202);
    expect(await asked.text()).toContain('action="/api/alert-subscriptions/stop/confirm"');
    const code = await textedCode(api, '+15595550142');
    const done = await postForm('/api/alert-subscriptions/stop/confirm', { form: 'textStopCode', lang: 'en', phone: '+15595550142', code });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Text alerts stopped');
    expect(await api.count('alert_subscriptions')).toBe(0);
  });

  it('gives the result page the Quick exit link every page has, to the configured neutral site', async () => {
    const html = await (await postForm('/api/sos', { form: 'sos', lang: 'es', city: '', details: 'Necesito ayuda', contact: '' })).text();
    expect(html).toContain('<a class="quick-exit" href="https://weather.gov" rel="noreferrer">Salida rápida</a>');
    const configured = await testApp({ quickExitUrl: 'https://news.example.org/' });
    try {
      const refusedPage = await configured.app.request('/api/sos', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ form: 'sos', lang: 'ar', details: '' }).toString(),
      });
      expect(refusedPage.status).toBe(400);
      expect(await refusedPage.text()).toContain('href="https://news.example.org/" rel="noreferrer">');
    } finally {
      configured.close();
    }
  });

  it('refuses a blank required field with the spec toast, keeping what was typed, escaped', async () => {
    const response = await postForm('/api/lost-found', { form: 'submitMissing', lang: 'ar', name: '<b>Rosa</b>', contact: ' ' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('value="&#60;b&#62;Rosa&#60;/b&#62;"');
    expect(html).not.toContain('<b>Rosa');
    expect(html).toMatch(/name="contact" aria-invalid="true"/);
    expect(html).toContain('method="post" action="/api/lost-found"');
    expect(await api.count('lost_found_posts')).toBe(0);
  });

  it('names the fields the contract refused', async () => {
    const response = await postForm('/api/lost-found', { form: 'lostFound', lang: 'en', name: 'Rosa', lastSeenDate: '2999-01-01' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Error creating post');
    expect(html).toContain('Please check: Last seen date');
    expect(html).toMatch(/name="lastSeenDate" aria-invalid="true"/);
  });

  it('answers a lost-and-found post with its private manage link in the fragment', async () => {
    const response = await postForm('/api/lost-found', { form: 'lostFound', lang: 'ko', name: 'Rosa', lastSeenCity: 'Fresno' });
    expect(response.status).toBe(201);
    const html = await response.text();
    const [row] = (await api.store.client.execute('select id from lost_found_posts')).rows;
    expect(html).toMatch(new RegExp(`href="/ko/manage#missing\\.${row!.id}\\.[A-Za-z0-9_-]{43}"`));
    expect(api.published).toHaveLength(1);
  });

  it('answers in the language the form was sent from, a code with a hyphen too', async () => {
    const response = await postForm('/api/lost-found', { form: 'lostFound', lang: 'zh-hant', name: 'Rosa', lastSeenCity: 'Fresno' });
    expect(response.status).toBe(201);
    const html = await response.text();
    expect(html).toContain('<html lang="zh-Hant-TW" dir="ltr">');
    expect(html).toMatch(/href="\/zh-hant\/manage#missing\./);
    expect(html).toContain(`href="/zh-hant/lost-found"`);
  });

  it('turns a checkbox left unticked into false and blank fields into absent ones', async () => {
    await postForm('/api/jobs', { form: 'job', lang: 'en', title: 'Cook', employer: '', contact: '555-0100' });
    const [job] = (await api.store.client.execute('select title, employer, accepts_no_papers from jobs')).rows;
    expect(job).toMatchObject({ title: 'Cook', employer: null, accepts_no_papers: 0 });
  });

  it('signs an admin in: the session cookie is set and the page links to /admin', async () => {
    const { secret } = await createAdmin(api.store.db, 'Maria');
    const response = await postForm('/api/admin/session', { form: 'adminSignIn', lang: 'en', username: 'Maria', password: secret }, { origin: 'http://localhost' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/admin=/);
    const html = await response.text();
    expect(html).toContain('Signed in as Maria');
    expect(html).toContain('href="/admin"');
    const wrong = await postForm('/api/admin/session', { form: 'adminSignIn', lang: 'en', username: 'Maria', password: 'nope' }, { origin: 'http://localhost' });
    expect(wrong.status).toBe(401);
    const refused = await wrong.text();
    expect(refused).toContain('That name and secret do not match.');
    expect(refused).not.toContain('nope');
  });

  it('keeps refusing form bodies that follow no form description, as before', async () => {
    expect((await postForm('/api/sos', { details: 'x' })).status).toBe(415);
    expect((await postForm('/api/alerts', { form: 'sos', details: 'x' })).status).toBe(415);
  });

  it('leaves JSON requests as they were', async () => {
    const response = await api.post('/api/sos', { details: 'Help' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
  });

  it('adds a note to a record and leads back to the record page; a refused one comes back in the form', async () => {
    const created = await api.post('/api/lost-found', { name: 'Rosa Hernández' });
    const { id } = (await created.json()) as { id: string };
    const note = {
      form: 'note',
      lang: 'ko',
      authorName: 'Lupe',
      text: 'Saw her at the Fresno shelter',
      status: 'believed_alive',
      authorMadeContact: 'on',
      lastKnownLocation: 'Fresno',
      contact: '',
    };
    const added = await postForm(`/api/lost-found/${id}/notes`, note);
    expect(added.status).toBe(201);
    const html = await added.text();
    expect(html).toContain(ko['person.success']);
    expect(html).toContain(`href="/ko/person/${id}"`);
    const record = await (await api.app.request(`/api/lost-found/${id}`)).json();
    expect(record.notes).toEqual([expect.objectContaining({ authorName: 'Lupe', status: 'believed_alive', authorMadeContact: true, lastKnownLocation: 'Fresno' })]);

    const refused = await postForm(`/api/lost-found/${id}/notes`, { ...note, status: 'believed_missing', text: 'Kept <i>text</i>' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain(ko['person.error']);
    expect(again).toContain('Kept &#60;i&#62;text&#60;/i&#62;</textarea>');
    expect(again).toContain('name="authorMadeContact" aria-invalid="true" checked');
    expect(again).toContain(`action="/api/lost-found/${id}/notes"`);
    expect(again).toContain(`href="/ko/person/${id}"`);
    expect((await postForm(`/api/lost-found/${id}/notes`, { ...note, status: '' })).status).toBe(400);
    expect((await (await api.app.request(`/api/lost-found/${id}`)).json()).notes).toHaveLength(1);
  });
});
