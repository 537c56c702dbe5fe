import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DonationLinks, PulseItem } from '../../src/common/contract/index.ts';
import { DEFAULT_DONATION_URL } from '../../src/common/contract/limits.ts';
import { alerts, assistanceRequests, drops, jobs, lostFoundPosts, resources, surplusOffers } from '../../db/schema.ts';
import { applySampleContent } from '../../db/seed.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { PULSE_SIZE, PULSE_TEXT_MAX } from './pulse.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PHONE = '(559) 555-0199';
const EMAIL = 'only.for.the.board@example.org';

const ago = (minutes: number) => new Date(api.clock.now - minutes * MINUTE).toISOString();
const inDays = (days: number) => new Date(api.clock.now + days * DAY).toISOString();
const day = (days: number) => inDays(days).slice(0, 10);

const helpPost = (title: string, minutesAgo: number, expiresAt = inDays(30)) => ({
  id: crypto.randomUUID(),
  title,
  description: 'Details only the board shows',
  category: 'Food',
  city: 'Fresno',
  contactName: 'Ana',
  contactMethod: PHONE,
  imageUrls: [],
  createdAt: ago(minutesAgo),
  expiresAt,
});

const alert = (type: string, details: string, minutesAgo: number, expiresAt = inDays(1)) => ({
  id: crypto.randomUUID(),
  type,
  precision: 'BROAD',
  city: 'Salinas',
  details,
  contact: EMAIL,
  fingerprint: crypto.randomUUID(),
  createdAt: ago(minutesAgo),
  expiresAt,
});

/** One post of every board that the feed shows, and one of each that it must not. */
async function fillBoards() {
  const { db } = api.store;
  await db.batch([
    db
      .insert(alerts)
      .values([
        alert('Enforcement Activity', 'Agents at the corner of Main and 5th', 1),
        alert('Community Notice', 'Water main repair '.repeat(20), 2),
        alert('Community Notice', 'This one has expired', 3, ago(1)),
      ]),
    db.insert(assistanceRequests).values([
      { ...helpPost('Need a ride to court', 4), urgency: 'Critical' },
      { ...helpPost('Baby clothes, size 2', 6), urgency: 'Low' },
      { ...helpPost('Already helped', 7), urgency: 'High', status: 'fulfilled' },
      { ...helpPost('Old request', 8, ago(1)), urgency: 'High' },
    ]),
    db.insert(surplusOffers).values([
      { ...helpPost('Free sofa', 9), availability: 'Weekends' },
      { ...helpPost('Already taken', 10), status: 'taken' },
    ]),
    db.insert(lostFoundPosts).values([
      { id: crypto.randomUUID(), name: 'Rosa Hernández', lastSeenCity: 'Fresno', contact: PHONE, createdAt: ago(11) },
      { id: crypto.randomUUID(), name: 'Found Already', lastSeenCity: 'Fresno', contact: PHONE, status: 'found', createdAt: ago(5) },
    ]),
    db.insert(jobs).values([
      { id: crypto.randomUUID(), title: 'Kitchen helper', city: 'Santa Ana', contact: EMAIL, status: 'approved', createdAt: ago(12) },
      { id: crypto.randomUUID(), title: 'Pending job', city: 'Santa Ana', contact: EMAIL, status: 'pending', createdAt: ago(1) },
    ]),
    db.insert(resources).values([
      { id: crypto.randomUUID(), name: 'Valley Pantry', category: 'Food', city: 'Fresno', phone: PHONE, status: 'published', createdAt: ago(13) },
      { id: crypto.randomUUID(), name: 'Pending Pantry', category: 'Food', city: 'Fresno', phone: PHONE, status: 'pending', createdAt: ago(1) },
    ]),
    db.insert(drops).values([
      { id: crypto.randomUUID(), title: null, date: day(3), city: 'Fresno', meetSpot: 'Roeding Park', status: 'active', createdAt: ago(14) },
      { id: crypto.randomUUID(), title: 'Last week', date: day(-7), city: 'Fresno', meetSpot: 'Roeding Park', status: 'active', createdAt: ago(1) },
      { id: crypto.randomUUID(), title: 'Cancelled', date: day(3), city: 'Fresno', meetSpot: 'Roeding Park', status: 'cancelled', createdAt: ago(1) },
    ]),
  ]);
}

describe('GET /api/pulse', () => {
  it('merges the listed posts of every board, newest first, each with its kind', async () => {
    await fillBoards();
    const feed = await api.get<PulseItem[]>('/api/pulse');
    expect(feed.map(({ kind, text, urgent }) => [kind, text.slice(0, 20), urgent])).toEqual([
      ['alert', 'Agents at the corner', true],
      ['alert', 'Water main repair Wa', false],
      ['request', 'Need a ride to court', true],
      ['request', 'Baby clothes, size 2', false],
      ['offer', 'Free sofa', false],
      ['missing', 'Rosa Hernández', false],
      ['job', 'Kitchen helper', false],
      ['resource', 'Valley Pantry', false],
      ['drop', 'Roeding Park', false],
    ]);
    expect(feed[5]).toMatchObject({ city: 'Fresno', createdAt: ago(11), sample: false });
  });

  it('leaves out what the boards do not list: found, fulfilled, taken, pending, expired, past or cancelled', async () => {
    await fillBoards();
    const texts = (await api.get<PulseItem[]>('/api/pulse')).map((item) => item.text);
    for (const hidden of ['Found Already', 'Already helped', 'Old request', 'Already taken', 'Pending job', 'Pending Pantry', 'This one has expired', 'Last week', 'Cancelled']) {
      expect(texts).not.toContain(hidden);
    }
  });

  it('never carries a contact detail or a long text', async () => {
    await fillBoards();
    const response = await api.app.request('/api/pulse');
    const body = await response.text();
    expect(body).not.toContain(PHONE);
    expect(body).not.toContain(EMAIL);
    expect(body).not.toContain('Details only the board shows');
    const feed = JSON.parse(body) as PulseItem[];
    for (const item of feed) expect(Object.keys(item).sort()).toEqual(['city', 'county', 'createdAt', 'id', 'kind', 'sample', 'text', 'urgent']);
    const long = feed.find((item) => item.text.startsWith('Water main'))!;
    expect(Array.from(long.text).length).toBe(PULSE_TEXT_MAX);
    expect(long.text.endsWith('…')).toBe(true);
  });

  it('answers at most `limit` items, capped', async () => {
    await fillBoards();
    const three = await api.get<PulseItem[]>('/api/pulse?limit=3');
    expect(three.map((item) => item.kind)).toEqual(['alert', 'alert', 'request']);
    await api.store.db.insert(lostFoundPosts).values(Array.from({ length: 40 }, (_, index) => ({ id: crypto.randomUUID(), name: `Person ${index}`, createdAt: ago(20 + index) })));
    expect((await api.get<PulseItem[]>('/api/pulse?limit=500')).length).toBe(PULSE_SIZE.max);
    expect((await api.get<PulseItem[]>('/api/pulse')).length).toBe(PULSE_SIZE.default);
  });

  it('keeps sample content marked as sample', async () => {
    await applySampleContent(api.store.db, true, api.clock.now);
    const feed = await api.get<PulseItem[]>('/api/pulse');
    const kinds = new Set(feed.map((item) => item.kind));
    for (const kind of ['missing', 'job', 'resource', 'drop'] as const) expect(kinds).toContain(kind);
    expect(feed.every((item) => item.sample)).toBe(true);
  });

  it('shows a new lost-and-found post at the top', async () => {
    await fillBoards();
    api.clock.now += MINUTE;
    expect((await api.post('/api/lost-found', { name: 'Daniel Kim', lastSeenCity: 'Los Angeles', contact: PHONE })).status).toBe(201);
    const [first] = await api.get<PulseItem[]>('/api/pulse');
    expect(first).toMatchObject({ kind: 'missing', text: 'Daniel Kim', city: 'Los Angeles', urgent: false });
  });

  it('answers an empty list when nothing is posted', async () => {
    expect(await api.get<PulseItem[]>('/api/pulse')).toEqual([]);
  });
});

describe('GET /api/donation-links', () => {
  it('answers the default donation page without configuration', async () => {
    expect(await api.get<DonationLinks>('/api/donation-links')).toEqual({ donate: DEFAULT_DONATION_URL });
  });

  it('answers the configured donation page', async () => {
    const configured = await testApp({ donationUrl: 'https://pay.example.org/give' });
    try {
      expect(await configured.get<DonationLinks>('/api/donation-links')).toEqual({ donate: 'https://pay.example.org/give' });
    } finally {
      configured.close();
    }
  });
});
