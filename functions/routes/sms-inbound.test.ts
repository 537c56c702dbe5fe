import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { alertSubscriptions, drops, resources, smsOutbox } from '../../db/schema.ts';
import type { Alert } from '../../src/common/contract/index.ts';
import { ENFORCEMENT_TYPE, INBOUND_TEXT_HOURS, LIMITS, RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { fitsSms, SMS_KEYWORDS, smsSegments } from '../../src/common/contract/sms.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { LANGUAGES, localizePath } from '../../src/common/i18n/languages.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { subscribeTexts } from '../../tests/text-codes.ts';
import { SMS_INBOUND, twilioForm, twilioSignature } from '../../tests/twilio.ts';
import { californiaToday } from '../domain/time.ts';
import { parseText, validTwilioSignature } from './sms-inbound.ts';

const { secret: SECRET, url: WEBHOOK } = SMS_INBOUND;
const PHONE = '+15595550123';
const sign = twilioSignature;
const form = (body: string, from = PHONE) => twilioForm(body, from);

let api: TestApp;
beforeEach(async () => {
  api = await testApp({ smsInbound: { secret: SECRET, url: WEBHOOK } });
});
afterEach(() => api.close());

const post = (params: URLSearchParams, signature: string | null = sign(params), app = api.app) =>
  app.request('/api/sms/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    body: params.toString(),
  });

const unescape = (xml: string) => xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#13;/g, '\r').replace(/&amp;/g, '&');
/** The texts sent back to a text (none: an answer without a message). */
async function texts(body: string, from = PHONE): Promise<string[]> {
  const response = await post(form(body, from));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>(<Message>[^<]*<\/Message>)*<\/Response>$/);
  return [...xml.matchAll(/<Message>([^<]*)<\/Message>/g)].map((match) => unescape(match[1]!));
}
/** The first text sent back, or null for an answer without a message. */
const text = async (body: string, from = PHONE) => (await texts(body, from))[0] ?? null;
/** Each text sent back, checked to fit in SMS_MAX_SEGMENTS; the first. */
const reply = async (body: string, from = PHONE) => (await replies(body, from))[0]!;
const replies = async (body: string, from = PHONE) => {
  const answers = await texts(body, from);
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) expect.soft(fitsSms(answer), answer).toBe(true);
  return answers;
};
const rows = async (sql: string) => (await api.store.client.execute(sql)).rows;
/** Rows whose phone is stored sealed, with the phone opened as the server reads it. */
const withPhones = async (sql: string, column: SQLiteColumn) => Promise.all((await rows(sql)).map(async (row) => ({ ...row, phone: await api.openStored(column, row.phone) })));
const say = (lang: 'en' | 'es', key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars);

describe("Twilio's signature", () => {
  it("accepts Twilio's published example and refuses it changed", async () => {
    const params = new URLSearchParams({ CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' });
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(await validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
    expect(await validTwilioSignature('12346', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(false);
    expect(await validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url.replace('foo=1', 'foo=2'), params)).toBe(false);
    params.set('Digits', '1235');
    expect(await validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(false);
    expect(await validTwilioSignature('12345', 'not base64 at all!', url, params)).toBe(false);
  });

  it('refuses a text unsigned, signed with another secret or for another address, or changed after signing: 403, nothing changed', async () => {
    await subscribeTexts(api, { phone: PHONE, city: 'Fresno' });
    const before = await rows('select count(*) as n from rate_events');
    const params = form('STOP');
    const changed = form('STOP');
    changed.set('Body', 'REPORT Fresno agents');
    for (const response of [
      await post(params, null),
      await post(params, ''),
      await post(params, sign(params, WEBHOOK, 'another-secret')),
      await post(params, sign(params, 'https://elsewhere.example/api/sms/inbound')),
      await post(changed, sign(params)),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect(await api.count('alert_subscriptions')).toBe(1);
    expect(await api.count('alerts')).toBe(0);
    expect(await rows('select count(*) as n from rate_events')).toEqual(before);
  });

  it('is checked against the address the request arrived at when no SMS_INBOUND_URL is set', async () => {
    const local = await testApp({ smsInbound: { secret: SECRET } });
    try {
      const params = form('HELP');
      expect((await post(params, sign(params), local.app)).status).toBe(403);
      expect((await post(params, sign(params, 'http://localhost/api/sms/inbound'), local.app)).status).toBe(200);
    } finally {
      local.close();
    }
  });

  it('answers 404 when SMS_INBOUND_SECRET is not set: no text could be told from a forgery', async () => {
    const off = await testApp();
    try {
      const params = form('HELP');
      const response = await post(params, sign(params), off.app);
      expect(response.status).toBe(404);
      expect(await off.count('rate_events')).toBe(0);
    } finally {
      off.close();
    }
  });
});

describe('keywords, in English and in Spanish', () => {
  it('reads every keyword of every language as its own command, in any case, whatever follows it', () => {
    for (const lang of LANGUAGES) {
      for (const [command, words] of Object.entries(SMS_KEYWORDS[lang])) {
        for (const word of words) {
          for (const typed of [`${word} 93701`, ` ${word.toLowerCase()}  Rosa  Diaz`]) {
            const parsed = parseText(typed);
            expect(parsed, `${lang} ${typed}`).toMatchObject({ command, rest: expect.stringMatching(/^(93701|Rosa Diaz)$/) });
            expect(parsed!.langs, `${lang} ${typed}`).toContain(lang);
          }
        }
      }
    }
    expect(parseText('ayúda')).toMatchObject({ command: 'help', langs: ['es'] });
    expect(parseText('ＨＥＬＰ')).toMatchObject({ command: 'help', langs: ['en'] });
    expect(parseText('stopping by')).toBeNull();
  });

  it('HELP / AYUDA say what the service is and how to stop', async () => {
    expect(await reply('help')).toBe(say('en', 'sms.reply.help', { site: 'Find. Help. Reunite. (findhelpreunite.org)', stop: 'STOP' }));
    // In Spanish (UCS-2: 134 characters in 2 segments) the address stands for the name.
    expect(await reply('  Ayuda ')).toBe(say('es', 'sms.reply.help', { site: 'findhelpreunite.org', stop: 'PARAR' }));
    expect(await reply('INFO')).toContain('STOP');
  });

  it('HELP sends a second text: the way to the page for a relative who may be detained, in the language asked', async () => {
    expect(await replies('help')).toEqual([expect.any(String), say('en', 'sms.reply.detained', { link: 'https://findhelpreunite.org/detained' })]);
    expect((await replies('ayuda'))[1]).toBe(say('es', 'sms.reply.detained', { link: 'https://findhelpreunite.org/es/detained' }));
  });

  it('anything else gets the short menu, in the language chosen', async () => {
    const menu = await reply('hello there');
    expect(menu).toBe(say('en', 'sms.reply.menu', { alerts: 'ALERTS', find: 'FIND', food: 'FOOD', warn: 'REPORT', lang: 'LANG', stop: 'STOP' }));
    // A keyword must end where the word does: FINDING is no FIND.
    expect(await reply('FINDING nemo')).toBe(menu);
    expect(await reply('')).toBe(menu);
    expect(await reply('x'.repeat(2000))).toBe(menu);
  });

  it('ALERTS / ALERTAS subscribe the number to text alerts for the place, as the web form does', async () => {
    // 93612 is Clovis: the reply names its county, whose alerts all come (functions/outbound/sms.ts).
    expect(await reply('ALERTS 93612')).toBe(say('en', 'sms.reply.subscribed', { county: 'Fresno', stop: 'STOP' }));
    expect(await withPhones('select phone, city, county, lang from alert_subscriptions', alertSubscriptions.phone)).toEqual([
      { phone: PHONE, city: 'Clovis', county: 'Fresno', lang: 'en' },
    ]);
    expect(await reply('alertas los angeles', '+15595550124')).toBe(say('es', 'sms.reply.subscribed', { county: 'Los Angeles', stop: 'PARAR' }));
    expect((await withPhones('select phone, city, lang from alert_subscriptions', alertSubscriptions.phone)).find((row) => row.phone === '+15595550124')).toEqual({
      phone: '+15595550124',
      city: 'Los Angeles',
      lang: 'es',
    });

    // An alert posted for Fresno is queued for the Fresno subscriber only, in their language.
    await api.post('/api/alerts', { city: 'Fresno', details: 'Road closed' });
    expect(await withPhones('select phone from sms_outbox', smsOutbox.phone)).toEqual([{ phone: PHONE }]);

    expect(await reply('ALERTS')).toBe(say('en', 'sms.reply.place', { example: 'ALERTS 93701' }));
    expect(await reply('ALERTAS Atlantis', '+15595550124')).toBe(say('es', 'sms.reply.place', { example: 'ALERTAS 93701' }));
    expect(await api.count('alert_subscriptions')).toBe(2);
  });

  it('FIND / BUSCAR answer up to 3 records: name, last seen city, date and address, never a contact', async () => {
    // The newest first: the three best are in the GSM alphabet; one accent outside it (á) makes a text UCS-2.
    for (const name of ['Rosa Hernández', 'Rosa Perez', 'Rosa Diaz', 'Rosa Martinez', 'Rosa Flores']) {
      const response = await api.post('/api/lost-found', { name, lastSeenCity: 'fresno', lastSeenDate: '2026-11-20', contact: '(559) 555-0177' });
      expect(response.status).toBe(201);
    }
    const found = await reply('FIND rosa');
    const lines = found.split('\n');
    expect(lines[0]).toBe(say('en', 'sms.reply.records', { query: 'rosa' }));
    // The best 3 fit in 2 segments, each with its short address, which leads to the record's page.
    expect(lines).toHaveLength(4);
    expect(smsSegments(found).encoding).toBe('GSM-7');
    for (const line of lines.slice(1)) expect(line).toMatch(/^Rosa \S+, Fresno, 2026-11-20, https:\/\/findhelpreunite\.org\/api\/p\/[0-9a-f]{10}$/);
    const short = new URL(lines[1]!.split(', ').at(-1)!).pathname;
    const opened = await api.app.request(short);
    expect(opened.status).toBe(302);
    const id = opened.headers.get('location')!.split('/').at(-1)!;
    expect(id.replaceAll('-', '').slice(0, 10)).toBe(short.slice('/api/p/'.length));
    expect((await api.get<{ name: string }>(`/api/lost-found/${id}`)).name).toBe(lines[1]!.split(', ')[0]);
    expect(found).not.toContain('555-0177');

    const spanish = await reply('buscar Hernández');
    // An accent outside the GSM alphabet makes a text UCS-2, 134 characters in 2 segments: the record goes without the head.
    expect(spanish).toMatch(/^Rosa Hernández, Fresno, 2026-11-20, https:\/\/findhelpreunite\.org\/api\/p\/[0-9a-f]{10}\.es$/);
    const location = (await api.app.request(new URL(spanish.split(', ').at(-1)!).pathname)).headers.get('location');
    expect(location).toMatch(/^\/es\/person\/[0-9a-f-]{36}$/);
    expect(await reply('BUSCAR Nadie')).toBe(say('es', 'sms.reply.noRecords', { query: 'Nadie' }));
    expect(await reply('FIND')).toBe(say('en', 'sms.reply.usage', { example: 'FIND Maria Lopez' }));
    expect(fitsSms(await reply(`FIND ${'rosa '.repeat(399)}`))).toBe(true);
  });

  it('FOOD / COMIDA answer the next drop and up to 3 food resources of that county', async () => {
    const today = californiaToday(api.clock.now);
    const createdAt = new Date(api.clock.now).toISOString();
    await api.store.db.insert(drops).values([
      { id: 'd1', date: today, time: '10:00', city: 'Clovis', county: 'Fresno', meetSpot: 'Old Town plaza', createdAt },
      { id: 'd2', date: '2099-01-01', city: 'Fresno', county: 'Fresno', meetSpot: 'Later spot', createdAt },
      { id: 'd3', date: today, city: 'Los Angeles', county: 'Los Angeles', meetSpot: 'Elsewhere', createdAt },
    ]);
    const resource = (name: string, county: string, category = 'Food') => ({
      id: name,
      name,
      category,
      city: 'Fresno',
      county,
      address: `${name} St`,
      phone: '(559) 555-0100',
      status: 'published',
      createdAt,
    });
    await api.store.db
      .insert(resources)
      .values([
        resource('Pantry A', 'Fresno'),
        resource('Pantry B', 'Fresno'),
        resource('Pantry C', 'Fresno'),
        resource('Pantry D', 'Fresno'),
        resource('Clinic', 'Fresno', 'Medical'),
        resource('LA Pantry', 'Los Angeles'),
      ]);

    const food = (await reply('FOOD 93701')).split('\n');
    expect(food).toEqual([
      say('en', 'sms.reply.food', { county: 'Fresno' }),
      say('en', 'sms.reply.nextDrop', { when: `${today} 10:00`, where: 'Old Town plaza, Clovis' }),
      'Pantry A, Pantry A St, (559) 555-0100',
      'Pantry B, Pantry B St, (559) 555-0100',
      'Pantry C, Pantry C St, (559) 555-0100',
    ]);
    expect((await reply('comida fresno')).split('\n')[0]).toBe(say('es', 'sms.reply.food', { county: 'Fresno' }));
    expect(await reply('COMIDA Bishop')).toBe(say('es', 'sms.reply.noFood', { county: 'Inyo' }));
    expect(await reply('FOOD nowhere at all')).toBe(say('en', 'sms.reply.place', { example: 'FOOD 93701' }));
  });

  it('REPORT / AVISO file an unverified enforcement report with the web form’s rules, limit and expiry', async () => {
    expect(await reply('REPORT San Jose agents at the flea market')).toBe(say('en', 'sms.reply.reported', { place: 'San Jose' }));
    const [report] = await api.get<Alert[]>(`/api/alerts?type=${encodeURIComponent(ENFORCEMENT_TYPE)}`);
    expect(report).toMatchObject({ type: ENFORCEMENT_TYPE, city: 'San Jose', details: 'agents at the flea market', activity: 'Other', verified: false, contact: null });
    expect(Date.parse((await rows('select expires_at from alerts'))[0]!.expires_at as string) - api.clock.now).toBe(4 * 3600_000);
    expect(api.published).toContainEqual({ event: 'emergency-alert', data: { id: report!.id, type: ENFORCEMENT_TYPE, city: 'San Jose', details: 'agents at the flea market' } });

    expect(await reply('aviso 93701 retén en Blackstone')).toBe(say('es', 'sms.reply.reported', { place: 'Fresno' }));
    // The same report within the hour is refused, and counts against the limit, as on the web.
    expect(await reply('AVISO 93701 retén en Blackstone')).toBe(say('es', 'sms.reply.duplicate'));
    // The fourth report of one number within ten minutes is refused, whatever the phone's network address.
    expect(await reply('REPORT Fresno fourth one')).toBe(say('en', 'sms.reply.limited'));
    expect(await api.count('alerts')).toBe(2);

    api.clock.now += (RATE_LIMITS.enforcementReport.windowMinutes + 1) * 60_000;
    expect(await reply(`REPORT Fresno ${'a'.repeat(1986)}`)).toBe(say('en', 'sms.reply.reported', { place: 'Fresno' }));
    expect(await reply(`REPORT Fresno ${'a'.repeat(LIMITS.description + 1)}`)).toBe(say('en', 'sms.reply.reportTooLong', { max: LIMITS.description }));
    expect(await api.count('alerts')).toBe(3);
  });

  it('REPORT without a place, or without what is happening, files nothing and says how', async () => {
    expect(await reply('REPORT agents everywhere')).toBe(say('en', 'sms.reply.place', { example: 'REPORT 93701 ...' }));
    expect(await reply('AVISO')).toBe(say('es', 'sms.reply.place', { example: 'AVISO 93701 ...' }));
    expect(await reply('REPORT 93701')).toBe(say('en', 'sms.reply.usage', { example: 'REPORT Fresno ...' }));
    expect(await api.count('alerts')).toBe(0);
  });

  it('STOP / PARAR end every text subscription of that number at once, and START / EMPEZAR answer', async () => {
    // Subscribed on the web, the number typed another way, then by text.
    expect((await subscribeTexts(api, { phone: '(559) 555-0123', city: 'Salinas', lang: 'es' })).status).toBe(201);
    await reply('LANG es');
    await reply('ALERTAS Fresno');
    await subscribeTexts(api, { phone: '+15595550999', city: 'Fresno' });
    expect(await reply('stop')).toBe(say('es', 'sms.reply.stopped', { start: 'ALTA' }));
    expect(await withPhones('select phone from alert_subscriptions', alertSubscriptions.phone)).toEqual([{ phone: '+15595550999' }]);
    expect(await api.count('sms_senders')).toBe(0);
    expect(await reply('START')).toBe(say('en', 'sms.reply.started', { alerts: 'ALERTS' }));
    expect(await reply('Empezar')).toBe(say('es', 'sms.reply.started', { alerts: 'ALERTAS' }));

    await reply('ALERTAS Fresno');
    expect(await reply('PARAR')).toBe(say('es', 'sms.reply.stopped', { start: 'ALTA' }));
    for (const word of SMS_KEYWORDS.en.stop) {
      await reply('ALERTS Fresno');
      expect(await reply(word.toLowerCase())).toBe(say('en', 'sms.reply.stopped', { start: 'START' }));
      expect(await rows(`select phone from alert_subscriptions where phone = '${PHONE}'`)).toEqual([]);
    }
  });

  it('LANG sets the reply language of the number, known only by a keyed hash; English keywords then answer in it', async () => {
    expect(await reply('LANG es')).toBe(translate('es', 'sms.reply.langSet', { language: 'Español' }));
    const [sender] = await rows('select number_hash, lang from sms_senders');
    expect(sender).toEqual({ number_hash: expect.stringMatching(/^[0-9a-f]{64}$/), lang: 'es' });
    expect(await reply('FIND nadie')).toBe(say('es', 'sms.reply.noRecords', { query: 'nadie' }));
    expect(await reply('idioma english')).toBe(say('en', 'sms.reply.langSet', { language: 'English' }));
    expect(await reply('LANG klingon')).toBe(say('en', 'sms.reply.langCodes', { lang: 'LANG', codes: LANGUAGES.join(' ') }));
    expect(await reply('寻人张伟')).toBe(translate('zh', 'sms.reply.noRecords', { query: '张伟' }));
  });
});

describe('floods and privacy', () => {
  it('rate limits a number by a keyed hash of it: a flood gets no answer, STOP still works, other numbers are served', async () => {
    await reply('ALERTS Fresno');
    for (let i = 1; i < RATE_LIMITS.smsInbound.limit; i++) await reply('HELP');
    expect(await text('HELP')).toBeNull();
    expect(await text('ALERTS Salinas')).toBeNull();
    expect(await rows('select city from alert_subscriptions')).toEqual([{ city: 'Fresno' }]);
    expect(await reply('HELP', '+15595550124')).toContain('STOP');
    expect(await reply('STOP')).toBe(say('en', 'sms.reply.stopped', { start: 'START' }));
    expect(await api.count('alert_subscriptions')).toBe(0);
    api.clock.now += RATE_LIMITS.smsInbound.windowMinutes * 60_000 + 1;
    expect(await reply('HELP')).toContain('STOP');
  });

  it('takes each MessageSid once, two copies at once included, and forgets it after a day', async () => {
    const params = form('ALERTS Fresno');
    const answers = await Promise.all([post(params), post(params)]);
    const messages = await Promise.all(answers.map(async (response) => /<Message>/.test(await response.text())));
    expect(messages.sort()).toEqual([false, true]);
    const [seen] = await rows('select sid_hash, at from sms_inbound_seen');
    expect(seen).toEqual({ sid_hash: expect.stringMatching(/^[0-9a-f]{64}$/), at: Math.floor(api.clock.now / 60_000) * 60_000 });
    expect(JSON.stringify(seen)).not.toContain(params.get('MessageSid'));
    api.clock.now += INBOUND_TEXT_HOURS * 3600_000 + 60_000;
    await api.app.maintain();
    expect(await api.count('sms_inbound_seen')).toBe(0);
  });

  it('keeps the number in clear nowhere but a subscription, and logs nothing', async () => {
    const logged: unknown[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => {
      const original = console[level];
      console[level] = (...args: unknown[]) => void logged.push(args);
      return () => (console[level] = original);
    });
    try {
      await reply('LANG es');
      await reply('FIND Rosa');
      await reply('REPORT Fresno agents at the corner');
      await reply('STOP');
    } finally {
      for (const restore of spies) restore();
    }
    expect(logged).toEqual([]);
    const { rows: tables } = await api.store.client.execute("select name from sqlite_master where type = 'table' and name not like '%search%'");
    for (const { name } of tables) expect(JSON.stringify((await rows(`select * from "${name}"`)) ?? []), String(name)).not.toContain('5595550123');
  });
});

describe('segments', () => {
  it('measures GSM-7 and UCS-2 texts as phones split them', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(153))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSegments('Ñandú').encoding).toBe('UCS-2');
    expect(smsSegments('寻'.repeat(70)).segments).toBe(1);
    expect(smsSegments('寻'.repeat(71)).segments).toBe(2);
    expect(smsSegments('寻'.repeat(134)).segments).toBe(2);
    expect(smsSegments('寻'.repeat(135)).segments).toBe(3);
    expect(smsSegments('😀'.repeat(67)).segments).toBe(2);
  });

  it('fits every reply, in every language, in 2 segments with the longest inputs, and keeps what it must say', async () => {
    const long = (what: string, max: number = LIMITS.name) => `${what} ${'Wolfeschlegelsteinhausen'.repeat(20)}`.slice(0, max);
    for (const index of [1, 2, 3]) {
      await api.post('/api/lost-found', { name: long(`Rosa${index}`), lastSeenCity: long('Somewhere', LIMITS.city), lastSeenDate: '2026-11-20' });
    }
    const createdAt = new Date(api.clock.now).toISOString();
    await api.store.db.insert(drops).values({ id: 'd', date: californiaToday(api.clock.now), time: '10:00', city: 'Fresno', county: 'Fresno', meetSpot: long('Spot'), createdAt });
    await api.store.db.insert(resources).values(
      [1, 2, 3].map((index) => ({
        id: `r${index}`,
        name: long(`Pantry${index}`),
        category: 'Food',
        county: 'Fresno',
        address: long('Street'),
        phone: '(559) 555-0100',
        status: 'published',
        createdAt,
      })),
    );
    const huge = 'Ω'.repeat(1990);
    for (const [index, lang] of LANGUAGES.entries()) {
      const phone = `+1559555${String(1000 + index)}`;
      const word = (command: keyof (typeof SMS_KEYWORDS)['en']) => SMS_KEYWORDS[lang][command][0]!;
      await reply(`LANG ${lang}`, phone);
      const answers = {
        help: (await replies(word('help'), phone)).join('\n'),
        menu: await reply(huge, phone),
        found: await reply(`${word('find')} rosa1`, phone),
        none: await reply(`${word('find')} ${huge}`, phone),
        food: await reply(`${word('food')} Fresno`, phone),
        noFood: await reply(`${word('food')} Bishop`, phone),
        place: await reply(`${word('report')} ${huge}`, phone),
        reported: await reply(`${word('report')} San Buenaventura (Ventura) ${huge}`, phone),
        // The longest county name: San Luis Obispo.
        subscribed: await reply(`${word('alerts')} Paso Robles`, phone),
        codes: await reply(`${word('lang')} ${huge}`, phone),
        stopped: await reply(word('stop'), phone),
        started: await reply(word('start'), phone),
      };
      expect(answers.help, lang).toContain(word('stop'));
      expect(answers.help, lang).toContain('findhelpreunite.org');
      expect(answers.help, lang).toContain(`https://findhelpreunite.org${localizePath('/detained', lang)}`);
      expect(answers.menu, lang).toContain(word('find'));
      expect(answers.found, lang).toMatch(/https:\/\/findhelpreunite\.org\/api\/p\/[0-9a-f]{10}/);
      expect(answers.found, lang).toContain('2026-11-20');
      expect(answers.subscribed, lang).toContain('San Luis Obispo');
      expect(answers.food, lang).toContain('(559) 555-0100');
      expect(answers.stopped, lang).toContain(word('start'));
      expect(answers.codes, lang).toContain('zh-hant');
      for (const [kind, answer] of Object.entries(replies)) expect.soft(fitsSms(answer), `${lang} ${kind}: ${answer}`).toBe(true);
      for (const key of ['sms.reply.limited', 'sms.reply.duplicate', 'sms.reply.reportTooLong'] as const) {
        expect.soft(fitsSms(translate(lang, key, { max: LIMITS.description })), `${lang} ${key}`).toBe(true);
      }
    }
  });
});
