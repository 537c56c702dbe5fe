import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { SaxesParser } from 'saxes';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/common/contract/index.ts';
import { PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { paying } from '../../tests/paying.ts';
import { createAdmin } from '../middleware/admin-auth/index.ts';
import { alertClosures, alerts, drops } from '../../db/schema.ts';
import { NO_STANDARDS, standardFile } from '../../tests/standards.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { ATOM, CAP_1_2 } from '../domain/cap.ts';
import { dropHours } from '../domain/calendar.ts';
import { californiaTime } from '../domain/time.ts';

const DOMAIN = 'findhelpreunite.example';
const ORIGIN = 'http://localhost';
const CAP_SCHEMA = standardFile('cap/CAP-v1.2-schema.xsd');
const WINTER = Date.parse('2026-11-22T18:00:00.000Z');
const SUMMER = Date.parse('2026-07-04T19:00:00.000Z');

let api: TestApp;
beforeEach(async () => {
  api = await testApp({ pfifDomain: DOMAIN });
});
afterEach(() => api.close());

/** An element as read back: its namespace, attributes, text and children. */
interface Node {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  text: string;
  children: Node[];
}

/** Parses with saxes, namespaces on: a document that is not well-formed XML throws. */
function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.local, uri: tag.uri, attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])), text: '', children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on('text', (text) => {
    if (stack.length) stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return root!;
}
const child = (node: Node, name: string) => node.children.find((c) => c.name === name);
const childText = (node: Node, name: string) => child(node, name)?.text;
const all = (node: Node, name: string) => node.children.filter((c) => c.name === name);

const postAlert = async (body: object, client = '198.51.100.1') => {
  const response = await api.post('/api/alerts', body, { 'x-test-client-address': client });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Alert;
};
const cap = async (id: string) => {
  const response = await api.app.request(`/api/alerts/${id}/cap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
  return response.text();
};

/** What only a moderator can do to an alert on the desk: "All clear" closes it (people's own "all clear" marks are only counted), hide takes it down, restore brings it back. */
const moderate = async (id: string, action: 'all-clear' | 'hide' | 'restore') => {
  const name = `Maria ${action}`;
  const { secret } = await createAdmin(api.store.db, name);
  const headers = { origin: 'http://localhost' };
  const session = await api.post('/api/admin/session', { name, secret }, headers);
  const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
  expect((await api.post(`/api/admin/alerts/${id}/${action}`, {}, { ...headers, cookie })).status).toBe(200);
};
const closeAlert = (id: string) => moderate(id, 'all-clear');

const community = { type: 'Community Notice', city: 'fresno', area: 'Tower District', details: 'Free flu shots <today> at the library & the clinic "until 5"' };
const precise = { type: 'Safety Checkpoint', precision: 'PRECISE', city: 'Salinas', details: 'Checkpoint on Main St', location: { lat: 36.677_7, lng: -121.655_1 } };
const enforcement = {
  type: 'Enforcement Activity',
  activity: 'Agents at a workplace',
  city: 'Oxnard',
  details: 'Agents at the packing house gate',
  agents: 6,
  vehicles: 3,
  markings: 'Unmarked vans',
  alertTime: '2026-11-22T17:40:00.000Z',
  contact: 'call 805-555-0100',
};

describe('californiaTime', () => {
  it.each([
    ['2026-11-22T18:00:00Z', '2026-11-22T10:00:00-08:00'],
    ['2026-07-04T19:30:05Z', '2026-07-04T12:30:05-07:00'],
    // The hour before and after the clocks change, both ways.
    ['2026-03-08T09:59:59Z', '2026-03-08T01:59:59-08:00'],
    ['2026-03-08T10:00:00Z', '2026-03-08T03:00:00-07:00'],
    ['2026-11-01T08:59:59Z', '2026-11-01T01:59:59-07:00'],
    ['2026-11-01T09:00:00Z', '2026-11-01T01:00:00-08:00'],
    ['2026-01-01T07:59:00Z', '2025-12-31T23:59:00-08:00'],
  ])('writes %s as %s', (utc, local) => {
    expect(californiaTime(utc)).toBe(local);
    expect(Date.parse(local)).toBe(Date.parse(utc));
  });
});

describe('GET /api/alerts/:id/cap.xml', () => {
  describe.skipIf(!CAP_SCHEMA)(CAP_SCHEMA ? 'against the OASIS schema' : `against the OASIS schema (${NO_STANDARDS})`, () => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'cap-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    /** Validates with xmllint (Debian libxml2-utils, which .ci/run installs). */
    const validate = (xml: string) => {
      const file = join(folder, 'alert.xml');
      writeFileSync(file, xml);
      const run = spawnSync('xmllint', ['--schema', CAP_SCHEMA!, file, '--noout'], { encoding: 'utf8' });
      if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
      expect(run.stderr).toContain('validates');
      expect(run.status).toBe(0);
    };

    it('writes a BROAD community alert with its city and county, a numeric offset and no position', async () => {
      const alert = await postAlert(community);
      const xml = await cap(alert.id);
      validate(xml);
      const doc = parseXml(xml);
      expect(doc.uri).toBe(CAP_1_2);
      expect(childText(doc, 'identifier')).toBe(`${DOMAIN}/alert.${alert.id}`);
      expect(childText(doc, 'sender')).toBe(DOMAIN);
      expect(childText(doc, 'sent')).toBe('2026-11-22T10:00:00-08:00');
      expect([childText(doc, 'status'), childText(doc, 'msgType'), childText(doc, 'scope')]).toEqual(['Actual', 'Alert', 'Public']);
      const info = child(doc, 'info')!;
      expect(childText(info, 'language')).toBe('en-US');
      expect(childText(info, 'category')).toBe('Other');
      expect(childText(info, 'event')).toBe('Community Notice');
      expect(childText(info, 'certainty')).toBe('Possible');
      // Community Notice stays listed 72 hours.
      expect(childText(info, 'expires')).toBe('2026-11-25T10:00:00-08:00');
      expect(childText(info, 'headline')).toBe('Community Notice: Fresno');
      // Escaped on the way out, read back as typed.
      expect(childText(info, 'description')).toBe(`Area: Tower District\n${community.details}\n(A community report that no one has confirmed yet; not an official warning.)`);
      expect(childText(info, 'web')).toBe(`${ORIGIN}/alerts`);
      const area = child(info, 'area')!;
      expect(childText(area, 'areaDesc')).toBe('Fresno, Fresno County, California');
      expect(all(area, 'geocode').map((code) => [childText(code, 'valueName'), childText(code, 'value')])).toEqual([['SAME', '006019']]);
      expect(all(area, 'circle').length + all(area, 'polygon').length).toBe(0);
    });

    it('never gives a PRECISE alert a position, even its rounded one', async () => {
      const alert = await postAlert(precise);
      expect(alert.location).toEqual({ lat: 36.678, lng: -121.655 });
      const xml = await cap(alert.id);
      validate(xml);
      for (const absent of ['36.67', '121.65', '<circle', '<polygon']) expect(xml).not.toContain(absent);
      const info = child(parseXml(xml), 'info')!;
      expect([childText(info, 'category'), childText(info, 'urgency'), childText(info, 'severity')]).toEqual(['Security', 'Immediate', 'Moderate']);
      expect(childText(child(info, 'area')!, 'areaDesc')).toBe('Salinas, Monterey County, California');
    });

    it('says an unconfirmed enforcement report is only Possible, Likely once people confirm it, and never gives its contact', async () => {
      const alert = await postAlert(enforcement);
      const first = await cap(alert.id);
      validate(first);
      const info = child(parseXml(first), 'info')!;
      expect(childText(info, 'certainty')).toBe('Possible');
      expect(childText(info, 'event')).toBe('Enforcement Activity');
      expect(childText(info, 'onset')).toBe('2026-11-22T09:40:00-08:00');
      // Enforcement reports stay listed 4 hours.
      expect(childText(info, 'expires')).toBe('2026-11-22T14:00:00-08:00');
      expect(childText(info, 'description')).toBe(
        'What is happening: Agents at a workplace\nAgents seen: 6\nVehicles seen: 3\nMarkings: Unmarked vans\nAgents at the packing house gate\n(A community report that no one has confirmed yet; not an official warning.)',
      );
      expect(childText(info, 'web')).toBe(`${ORIGIN}/ice-reports`);
      expect(childText(child(info, 'area')!, 'areaDesc')).toBe('Oxnard, Ventura County, California');
      for (const absent of ['805-555-0100', 'contact']) expect(first).not.toContain(absent);

      for (const address of ['192.0.2.1', '192.0.3.1']) {
        const marked = await paying((headers) => api.post(`/api/alerts/${alert.id}/marks`, { kind: 'confirm' }, { 'x-test-client-address': address, ...headers }));
        expect(marked.status).toBe(200);
      }
      const confirmed = await cap(alert.id);
      validate(confirmed);
      const after = child(parseXml(confirmed), 'info')!;
      expect(childText(after, 'certainty')).toBe('Likely');
      expect(all(after, 'parameter').map((p) => [childText(p, 'valueName'), childText(p, 'value')])).toEqual([
        ['confirmations', '2'],
        ['allClears', '0'],
        ['state', 'confirmed'],
      ]);
    });

    it('says a report a rapid responder saw is Observed, naming their network; a false alarm answers a Cancel with their word, on the feed too', async () => {
      const seen = await postAlert(enforcement);
      const at = new Date(api.clock.now + 20 * 60_000).toISOString();
      await api.store.db
        .update(alerts)
        .set({ responderState: 'verified', responderNetwork: 'Ventura Rapid Response', responderNote: 'Two vans at the gate', responderAt: at })
        .where(eq(alerts.id, seen.id));
      const verified = await cap(seen.id);
      validate(verified);
      const info = child(parseXml(verified), 'info')!;
      expect(childText(info, 'certainty')).toBe('Observed');
      expect(childText(info, 'description')).toContain(
        'Note from Ventura Rapid Response: Two vans at the gate\n(A community report that a rapid responder of Ventura Rapid Response went and saw; not an official warning.)',
      );
      expect(all(info, 'parameter').find((p) => childText(p, 'valueName') === 'state')?.children[1]?.text).toBe('verified');

      const false_ = await postAlert({ ...enforcement, details: 'Agents at the bus station' }, '198.51.100.2');
      await api.store.db
        .update(alerts)
        .set({ responderState: 'false-alarm', responderNetwork: 'Ventura Rapid Response', responderNote: 'Bus company staff', responderAt: at })
        .where(eq(alerts.id, false_.id));
      const xml = await cap(false_.id);
      validate(xml);
      const doc = parseXml(xml);
      expect(childText(doc, 'msgType')).toBe('Cancel');
      expect(childText(doc, 'note')).toBe('False alarm: a rapid responder of Ventura Rapid Response checked it. Bus company staff');
      expect(childText(doc, 'sent')).toBe('2026-11-22T10:20:00-08:00');
      expect(xml).not.toContain('bus station');

      const feed = parseXml(await (await api.app.request('/api/alerts/feed.atom')).text());
      const titles = all(feed, 'entry').map((entry) => childText(entry, 'title'));
      expect(titles).toContain('Verified by a rapid responder: Enforcement Activity: Oxnard');
      expect(titles).toContain('False alarm: Enforcement Activity: Oxnard');
    });

    it('writes summer times with -07:00 and winter times with -08:00', async () => {
      api.clock.now = SUMMER;
      const summer = await postAlert({ ...community, details: 'Summer notice' });
      api.clock.now = WINTER;
      const winter = await postAlert({ ...community, details: 'Winter notice' });
      api.clock.now = SUMMER;
      const summerXml = await cap(summer.id);
      validate(summerXml);
      expect(childText(parseXml(summerXml), 'sent')).toBe('2026-07-04T12:00:00-07:00');
      const winterXml = await cap(winter.id);
      validate(winterXml);
      expect(childText(parseXml(winterXml), 'sent')).toBe('2026-11-22T10:00:00-08:00');
      expect(summerXml + winterXml).not.toMatch(/\dZ</);
    });

    it('answers a report closed by "all clear" as a Cancel naming it, without its details, for a day', async () => {
      const closing = await postAlert(enforcement);
      const sent = childText(parseXml(await cap(closing.id)), 'sent');
      api.clock.now += 30 * 60_000;
      await closeAlert(closing.id);
      const xml = await cap(closing.id);
      validate(xml);
      const doc = parseXml(xml);
      expect([childText(doc, 'msgType'), childText(doc, 'status'), childText(doc, 'scope')]).toEqual(['Cancel', 'Actual', 'Public']);
      expect(childText(doc, 'identifier')).toBe(`${DOMAIN}/alert.${closing.id}.cancel`);
      expect(childText(doc, 'sent')).toBe('2026-11-22T10:30:00-08:00');
      expect(childText(doc, 'references')).toBe(`${DOMAIN},${DOMAIN}/alert.${closing.id},${sent}`);
      expect(child(doc, 'info')).toBeUndefined();
      expect(xml).not.toContain('packing house');

      api.clock.now += 25 * 3600_000;
      expect((await api.app.request(`/api/alerts/${closing.id}/cap.xml`)).status).toBe(404);
    });

    it('answers a report a moderator took down as a Cancel saying so, on the feed too, without its details; restored, it is the alert again', async () => {
      const report = await postAlert(enforcement);
      const sent = childText(parseXml(await cap(report.id)), 'sent');
      api.clock.now += 10 * 60_000;
      await moderate(report.id, 'hide');
      const xml = await cap(report.id);
      validate(xml);
      const doc = parseXml(xml);
      expect([childText(doc, 'msgType'), childText(doc, 'note'), childText(doc, 'sent')]).toEqual([
        'Cancel',
        'Taken down by a moderator of this site.',
        '2026-11-22T10:10:00-08:00',
      ]);
      expect(childText(doc, 'references')).toBe(`${DOMAIN},${DOMAIN}/alert.${report.id},${sent}`);
      expect(xml).not.toContain('packing house');
      const [entry] = all(parseXml(await (await api.app.request('/api/alerts/feed.atom')).text()), 'entry');
      expect([childText(entry!, 'id'), childText(entry!, 'title'), childText(entry!, 'summary')]).toEqual([
        `urn:uuid:${report.id}`,
        'Taken down: Enforcement Activity: Oxnard',
        'Taken down by a moderator of this site.',
      ]);

      await moderate(report.id, 'restore');
      expect(childText(parseXml(await cap(report.id)), 'msgType')).toBe('Alert');
      expect(all(parseXml(await (await api.app.request('/api/alerts/feed.atom')).text()), 'entry').map((one) => childText(one, 'title'))).toEqual(['Enforcement Activity: Oxnard']);
    });
  });

  it('answers 404 for an unknown, hidden, expired or sample alert', async () => {
    expect((await api.app.request('/api/alerts/no-such-alert/cap.xml')).status).toBe(404);
    const hidden = await postAlert({ ...community, details: 'Hidden one' });
    await api.store.db.update(alerts).set({ hidden: true }).where(eq(alerts.id, hidden.id));
    expect((await api.app.request(`/api/alerts/${hidden.id}/cap.xml`)).status).toBe(404);
    const sample = await postAlert({ ...community, details: 'Sample one' });
    await api.store.db.update(alerts).set({ isSample: true }).where(eq(alerts.id, sample.id));
    expect((await api.app.request(`/api/alerts/${sample.id}/cap.xml`)).status).toBe(404);

    const expiring = await postAlert({ ...community, details: 'Expiring one' });
    expect((await api.app.request(`/api/alerts/${expiring.id}/cap.xml`)).status).toBe(200);
    api.clock.now += 73 * 3600_000;
    const response = await api.app.request(`/api/alerts/${expiring.id}/cap.xml`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('names the sender by the host asked for when no PFIF_DOMAIN is set', async () => {
    const plain = await testApp();
    try {
      const created = await plain.post('/api/alerts', community);
      const { id } = (await created.json()) as Alert;
      const xml = await (await plain.app.request(`https://alerts.example.org/api/alerts/${id}/cap.xml`)).text();
      expect(childText(parseXml(xml), 'sender')).toBe('alerts.example.org');
    } finally {
      plain.close();
    }
  });
});

describe('GET /api/alerts/feed.atom', () => {
  it('lists the open alerts newest first, each linking its CAP document and its board', async () => {
    const first = await postAlert(community);
    api.clock.now += 60_000;
    const second = await postAlert(enforcement);
    api.clock.now += 60_000;
    const hidden = await postAlert({ ...community, details: 'Hidden one' });
    await api.store.db.update(alerts).set({ hidden: true }).where(eq(alerts.id, hidden.id));

    const response = await api.app.request('/api/alerts/feed.atom');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(await response.text());
    expect([feed.name, feed.uri]).toEqual(['feed', ATOM]);
    expect(childText(feed, 'id')).toBe(`${ORIGIN}/api/alerts/feed.atom`);
    expect(childText(feed, 'title')).toBeTruthy();
    expect(childText(child(feed, 'author')!, 'name')).toBeTruthy();
    expect(childText(feed, 'updated')).toBe('2026-11-22T10:01:00-08:00');
    expect(all(feed, 'link').map((link) => link.attributes)).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: `${ORIGIN}/api/alerts/feed.atom` },
      { rel: 'alternate', type: 'text/html', href: `${ORIGIN}/alerts` },
    ]);

    const entries = all(feed, 'entry');
    expect(entries.map((entry) => childText(entry, 'id'))).toEqual([`urn:uuid:${second.id}`, `urn:uuid:${first.id}`]);
    const [newest] = entries;
    expect(childText(newest!, 'title')).toBe('Enforcement Activity: Oxnard');
    expect(childText(newest!, 'updated')).toBe('2026-11-22T10:01:00-08:00');
    expect(child(newest!, 'category')!.attributes.term).toBe('Enforcement Activity');
    expect(childText(newest!, 'summary')).toContain('Agents at the packing house gate');
    for (const entry of entries) {
      const links = all(entry, 'link').map((link) => link.attributes);
      expect(links.map((link) => [link.rel, link.type])).toEqual([
        ['alternate', 'application/cap+xml'],
        ['alternate', 'text/html'],
      ]);
      // Every CAP link answers its alert.
      const capLink = new URL(links[0]!.href!);
      expect(capLink.origin).toBe(ORIGIN);
      expect((await api.app.request(capLink.pathname)).status).toBe(200);
    }
    expect(all(entries[0]!, 'link')[1]!.attributes.href).toBe(`${ORIGIN}/ice-reports`);
  });

  it('carries a closed report for a day as its entry again, updated to "All clear" and linking the Cancel', async () => {
    const open = await postAlert(community);
    api.clock.now += 60_000;
    const closing = await postAlert(enforcement);
    api.clock.now += 60_000;
    await closeAlert(closing.id);

    const feed = parseXml(await (await api.app.request('/api/alerts/feed.atom')).text());
    expect(childText(feed, 'updated')).toBe('2026-11-22T10:02:00-08:00');
    const [closed, listed] = all(feed, 'entry');
    expect(childText(closed!, 'id')).toBe(`urn:uuid:${closing.id}`);
    expect(childText(closed!, 'title')).toBe('All clear: Enforcement Activity: Oxnard');
    expect([childText(closed!, 'published'), childText(closed!, 'updated')]).toEqual(['2026-11-22T10:01:00-08:00', '2026-11-22T10:02:00-08:00']);
    expect(childText(closed!, 'summary')).not.toContain('packing house');
    const capLink = new URL(all(closed!, 'link')[0]!.attributes.href!);
    expect(childText(parseXml(await (await api.app.request(capLink.pathname)).text()), 'msgType')).toBe('Cancel');
    expect(childText(listed!, 'id')).toBe(`urn:uuid:${open.id}`);

    api.clock.now += 25 * 3600_000;
    // The boards' list sweeps what outlived its use.
    await api.app.request('/api/alerts');
    const later = parseXml(await (await api.app.request('/api/alerts/feed.atom')).text());
    expect(all(later, 'entry').map((entry) => childText(entry, 'id'))).not.toContain(`urn:uuid:${closing.id}`);
    expect(await api.store.db.select().from(alertClosures)).toEqual([]);
  });

  it('is a valid empty feed when nothing is listed, and stops at a page of entries', async () => {
    const empty = parseXml(await (await api.app.request('/api/alerts/feed.atom')).text());
    expect(all(empty, 'entry')).toEqual([]);
    expect(childText(empty, 'updated')).toBe('2026-11-22T10:00:00-08:00');

    const now = new Date(api.clock.now).toISOString();
    const later = new Date(api.clock.now + 3600_000).toISOString();
    await api.store.db.insert(alerts).values(
      Array.from({ length: PAGE_SIZE.max + 5 }, (_, i) => ({
        id: crypto.randomUUID(),
        type: 'Community Notice',
        precision: 'BROAD',
        city: 'Fresno',
        details: `Notice ${i}`,
        fingerprint: `f${i}`,
        createdAt: now,
        expiresAt: later,
      })),
    );
    expect(all(parseXml(await (await api.app.request('/api/alerts/feed.atom')).text()), 'entry')).toHaveLength(PAGE_SIZE.max);
  });
});

describe('dropHours', () => {
  it.each([
    ['10:00 AM - 2:00 PM', { start: '10:00', end: '14:00' }],
    ['9 AM to noon', { start: '09:00', end: '12:00' }],
    ['10:00 a. m. - 2:00 p. m.', { start: '10:00', end: '14:00' }],
    ['10:00 AM hanggang 2:00 PM', { start: '10:00', end: '14:00' }],
    ['10-11 am', { start: '10:00', end: '11:00' }],
    ['12 pm - 1 pm', { start: '12:00', end: '13:00' }],
    ['14:00–17:30', { start: '14:00', end: '17:30' }],
    ['09:00 - 11:00', { start: '09:00', end: '11:00' }],
    ['8 AM', { start: '08:00', end: null }],
  ])('reads %j', (time, hours) => expect(dropHours(time)).toEqual(hours));

  it.each([
    // Morning or evening? Without am/pm only a 24-hour clock is sure.
    '10:00 - 2:00',
    '9:00 - 11:00',
    '10 - 2 PM',
    '10 AM - 2',
    '14:00 - 5 pm',
    '1 PM - 12 PM',
    '13 PM',
    '10:00 sáng - 2:00 chiều',
    '上午10:00 - 下午2:00',
    'all morning',
    'from 10 to 2 and again 4 to 6',
    '',
  ])('leaves %j unread, for an all-day event', (time) => expect(dropHours(time)).toBeNull());
});

describe('GET /api/drops/calendar.ics', () => {
  const drop = (extra: Partial<typeof drops.$inferInsert>) => ({
    id: crypto.randomUUID(),
    title: 'Weekly Food & Supply Drop',
    date: '2026-11-28',
    time: '10:00 AM - 2:00 PM',
    city: 'Fresno',
    meetSpot: 'Roeding Park, north parking lot; gate "B"',
    address: '890 W Belmont Ave, Fresno, CA',
    whatWeBring: 'Fresh produce, rice and beans, diapers, hygiene kits, warm clothing, pan dulce y café, 米和豆子',
    notes: 'Bring your own bags if you can.',
    status: 'active',
    createdAt: new Date(api.clock.now).toISOString(),
    ...extra,
  });
  const calendar = async (path = '/api/drops/calendar.ics') => {
    const response = await api.app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    // RFC 5545: CRLF line ends, no line longer than 75 octets (longer ones are folded).
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const component = new ICAL.Component(ICAL.parse(text));
    // Times are read by the calendar's own VTIMEZONE, not by the parser's idea of the zone.
    for (const zone of component.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    return { text, events: component.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event)) };
  };

  it('gives one event per upcoming drop in California time, summer and winter, with a stable UID', async () => {
    const winter = drop({});
    const summer = drop({ date: '2027-07-03', time: '9 AM to noon', title: null });
    await api.store.db
      .insert(drops)
      .values([summer, winter, drop({ date: '2026-11-21', title: 'Yesterday' }), drop({ status: 'cancelled', title: 'Cancelled' }), drop({ isSample: true, title: 'A sample' })]);
    const { text, events } = await calendar();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    expect(events.map((event) => event.uid)).toEqual([`drop-${winter.id}@${DOMAIN}`, `drop-${summer.id}@${DOMAIN}`]);
    const [first, second] = events;
    expect(first!.summary).toBe('Weekly Food & Supply Drop, Fresno');
    expect(first!.location).toBe('Roeding Park, north parking lot; gate "B", 890 W Belmont Ave, Fresno, CA');
    expect(first!.description).toBe(`What we bring: ${winter.whatWeBring}\nBring your own bags if you can.\n${ORIGIN}/drops`);
    expect(first!.startDate.zone.tzid).toBe('America/Los_Angeles');
    // The calendar's own time zone rules give the moment: 10 AM PST and 9 AM PDT.
    expect(first!.startDate.toJSDate().toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(first!.endDate.toJSDate().toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(second!.summary).toBe('Food & Supply Drop, Fresno');
    expect(second!.startDate.toJSDate().toISOString()).toBe('2027-07-03T16:00:00.000Z');
    expect(second!.endDate.toJSDate().toISOString()).toBe('2027-07-03T19:00:00.000Z');
    expect(first!.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-22T18:00:00Z');

    api.clock.now += 3600_000;
    expect((await calendar()).events.map((event) => event.uid)).toEqual(events.map((event) => event.uid));
  });

  it('makes an all-day event, with the organizer’s words, of a time it cannot read for sure', async () => {
    await api.store.db.insert(drops).values([drop({ time: '10:00 sáng - 2:00 chiều', city: 'San José', address: null }), drop({ date: '2026-11-29', time: null })]);
    const [unread, untimed] = (await calendar()).events;
    expect(unread!.startDate.isDate).toBe(true);
    expect(unread!.startDate.toString()).toBe('2026-11-28');
    expect(unread!.description).toContain('Time: 10:00 sáng - 2:00 chiều');
    expect(unread!.location).toBe('Roeding Park, north parking lot; gate "B", San José');
    expect(untimed!.startDate.toString()).toBe('2026-11-29');
    expect(untimed!.description).not.toContain('Time:');
  });

  it('answers one upcoming drop as a file to open, and 404 for a past, cancelled, sample or unknown one', async () => {
    const one = drop({});
    const past = drop({ date: '2026-11-01' });
    const cancelled = drop({ status: 'cancelled' });
    const sample = drop({ isSample: true });
    await api.store.db.insert(drops).values([one, past, cancelled, sample, drop({ date: '2026-12-05' })]);
    const path = `/api/drops/${one.id}/calendar.ics`;
    const { events } = await calendar(path);
    expect(events.map((event) => event.uid)).toEqual([`drop-${one.id}@${DOMAIN}`]);
    expect((await api.app.request(path)).headers.get('content-disposition')).toBe('attachment; filename="drop-2026-11-28.ics"');
    for (const id of [past.id, cancelled.id, sample.id, 'no-such-drop']) expect((await api.app.request(`/api/drops/${id}/calendar.ics`)).status).toBe(404);
  });

  it('is a valid empty calendar when no drop is scheduled', async () => {
    expect((await calendar()).events).toEqual([]);
  });
});
