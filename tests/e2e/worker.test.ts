/**
 * The Cloudflare worker, built by @astrojs/cloudflare (`ASTRO_HOST=cloudflare astro build`, with
 * wrangler.toml's entry) and run in workerd (`wrangler dev` on the built config), against a test-only libSQL HTTP server over a temp file: pages, the 404 page, a
 * lost-and-found round trip, a live event through the room's Durable Object, a Web Push encrypted
 * and signed in workerd, and an admin signing in (the PBKDF2 hash made by `admin:create` on Node
 * verifies in workerd). The room's heartbeat beats each second here (30 s in use).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { openDatabase } from '../../db/client.ts';
import { drops } from '../../db/schema.ts';
import { createAdmin } from '../../functions/middleware/admin-auth/index.ts';
import es from '../../src/common/i18n/es.json';
import exifr from 'exifr';
import { phonePhoto } from '../photo-fixture.ts';
import { videoFile, XYZ_LOCATION } from '../video-fixture.ts';
import { startLibsqlHttpServer } from '../libsql-http-server.ts';
import { localPushService } from '../push-service.ts';
import { FORM_RESULT_POLICY, inlineScriptHashes, NON_PAGE_POLICY } from '../../src/common/security-headers.ts';
import { newDataKey } from '../../functions/domain/sealed.ts';
import { post } from './chromium.ts';
import { allowedHashes, expectSecured } from './secured.ts';
import { MAX_SOCKETS_PER_CLIENT, PING, PONG, ROOM_PATH, TOO_MANY_SOCKETS } from '../../src/common/room.ts';

let folder: string;
let database: Awaited<ReturnType<typeof startLibsqlHttpServer>>;
let pushService: Awaited<ReturnType<typeof localPushService>>;
let wrangler: ChildProcess;
let base: string;
let adminSecret: string;
const BEAT_MS = 1000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fhr-worker-'));
  const file = join(folder, 'app.db');
  const opened = await openDatabase(`file:${file}`);
  ({ secret: adminSecret } = await createAdmin(opened.db, 'Worker Admin'));
  opened.client.close();
  database = await startLibsqlHttpServer(file);
  pushService = await localPushService();

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  wrangler = spawn(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'dev',
      '--config',
      'dist/cloudflare/server/wrangler.json',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--var',
      `DATABASE_URL:${database.url}`,
      '--var',
      `PUSH_SERVICE_HOSTS:${pushService.host}`,
      '--var',
      `DATA_KEY:${newDataKey()}`,
      '--var',
      `HEARTBEAT_MS:${BEAT_MS}`,
      '--persist-to',
      join(folder, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' }, stdio: 'inherit', detached: true },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (wrangler.exitCode !== null) throw new Error(`wrangler dev stopped with exit ${wrangler.exitCode}`);
    const ready = await fetch(`${base}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('wrangler dev did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 90_000);

afterAll(async () => {
  if (wrangler?.pid && wrangler.exitCode === null) {
    const exited = new Promise((resolve) => wrangler.once('exit', resolve));
    process.kill(-wrangler.pid, 'SIGTERM');
    await exited;
  }
  await database?.close();
  await pushService?.close();
  rmSync(folder, { recursive: true, force: true });
});

it('serves the prebuilt pages in every language', async () => {
  const english = await fetch(`${base}/lost-found`);
  expect(english.status).toBe(200);
  expect(await english.text()).toContain('<title>Lost and Found');
  const spanish = await (await fetch(`${base}/es/lost-found`)).text();
  expect(spanish).toContain(`<title>${es['lostFound.title']}`);
  expect(spanish).toContain('lang="es-US"');
});

it('keeps hashed assets for a year (public/_headers)', async () => {
  const script = readdirSync(new URL('../../dist/cloudflare/client/_astro/', import.meta.url)).find((file) => file.endsWith('.js'));
  const response = await fetch(`${base}/_astro/${script}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('answers an unknown path with the 404 page in its language', async () => {
  const english = await fetch(`${base}/no-such-page`, { headers: { 'sec-fetch-mode': 'navigate' } });
  expect(english.status).toBe(404);
  expect(await english.text()).toContain('404 Page Not Found');
  const spanish = await fetch(`${base}/es/no-such-page`, { headers: { 'sec-fetch-mode': 'navigate' } });
  expect(spanish.status).toBe(404);
  expect(await spanish.text()).toContain(es['notFound.title']);
});

/**
 * A socket to the room, pinging as a page does (each quarter beat here), the events it has
 * received so far, and how many pongs.
 */
async function listen(room = 'main') {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/parties/live-room/${room}?_pk=test`);
  const received: unknown[] = [];
  let pongs = 0;
  socket.addEventListener('message', ({ data }) => {
    if (data === PONG) pongs++;
    else received.push(JSON.parse(String(data)));
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  const pinging = setInterval(() => socket.send(PING), BEAT_MS / 4);
  socket.addEventListener('close', () => clearInterval(pinging));
  return { socket, received, pongs: () => pongs };
}

/**
 * A socket from `network` (as Cloudflare's edge names it in CF-Connecting-IP), pinging as a page
 * does unless `silent`, and how it was closed. The room's close frame is enough: wrangler's proxy
 * is slow to end the connection after it, so the socket does not wait for that.
 */
async function socketFrom(network: string, { silent = false } = {}) {
  const options = { headers: { 'cf-connecting-ip': network }, closeTimeout: 100 };
  const socket = new NodeWebSocket(`${base.replace('http', 'ws')}${ROOM_PATH}`, options);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  if (!silent) {
    const pinging = setInterval(() => socket.send(PING), BEAT_MS / 4);
    socket.once('close', () => clearInterval(pinging));
  }
  return { socket, closed };
}

it('the Durable Object room takes at most the cap of sockets from one client network, telling the next why', async () => {
  const held = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_CLIENT }, () => socketFrom('203.0.113.7')));
  const refused = await socketFrom('203.0.113.7');
  expect(await refused.closed).toEqual(TOO_MANY_SOCKETS);
  const other = await socketFrom('203.0.113.8');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect([...held, other].every(({ socket }) => socket.readyState === NodeWebSocket.OPEN)).toBe(true);
  for (const { socket } of [...held, other]) socket.terminate();
});

it('the Durable Object room drops a socket that sends no ping for two beats (the runtime answers pings while it hibernates)', async () => {
  const [silent, page] = [await socketFrom('203.0.113.9', { silent: true }), await listen()];
  await expect.poll(() => page.pongs(), { timeout: 2000 }).toBeGreaterThan(0);
  expect(await silent.closed).toEqual({ code: 1001, reason: 'no heartbeat' });
  expect(page.socket.readyState).toBe(WebSocket.OPEN);
  page.socket.close();
});

it('stores and lists a lost-and-found post, and the room tells every listening page', async () => {
  const [first, second] = [await listen(), await listen()];
  const created = await post('/api/lost-found', { name: 'Worker Test', lastSeenCity: 'Visalia', lastSeenDate: '2026-11-01' }, base);
  expect(created.status).toBe(201);
  const list = (await (await fetch(`${base}/api/lost-found`)).json()) as { name: string; lastSeenCity: string }[];
  expect(list[0]).toMatchObject({ name: 'Worker Test', lastSeenCity: 'Visalia' });
  // The search index (FTS5, kept by triggers) works through Turso's protocol too.
  const found = (await (await fetch(`${base}/api/lost-found?q=${encodeURIComponent('visalia work')}`)).json()) as { name: string }[];
  expect(found.map((item) => item.name)).toEqual(['Worker Test']);

  const { id } = (await created.json()) as { id: string };
  const event = { event: 'new-missing-person', data: { id, name: 'Worker Test', lastSeenCity: 'Visalia' } };
  await expect.poll(() => first.received, { timeout: 5000 }).toEqual([event]);
  await expect.poll(() => second.received, { timeout: 5000 }).toEqual([event]);
  first.socket.close();
  second.socket.close();

  // The person's page, rendered in workerd with the record read over Turso's protocol, allowing exactly its inline scripts.
  const page = await fetch(`${base}/es/person/${id}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<meta property="og:title" content="Worker Test"');
  expect(allowedHashes(expectSecured(page))).toEqual((await inlineScriptHashes(html)).sort());
  expect((await fetch(`${base}/person/00000000-0000-4000-8000-000000000000`)).status).toBe(410);
});

it('renders a board with its data in workerd, and keeps it at the edge for the time its answer allows shared caches; never a person’s page', async () => {
  const first = `Worker Edge ${Date.now()}`;
  expect((await post('/api/lost-found', { name: first, lastSeenCity: 'Fresno' }, base)).status).toBe(201);
  // An address no earlier test asked for: the edge keeps each address apart.
  const address = `${base}/es/lost-found?county=Fresno&shown=24`;
  const board = await fetch(address);
  expect(board.status).toBe(200);
  expect(board.headers.get('cache-control')).toContain('s-maxage=30');
  const html = await board.text();
  expect(html).toContain(first);
  expect(html).toContain(`<title>${es['lostFound.title']}`);
  expect(allowedHashes(expectSecured(board))).toEqual((await inlineScriptHashes(html)).sort());

  // Posted since: the API lists it at once, the kept board not before its 30 s are up.
  const second = `Worker Edge Later ${Date.now()}`;
  const created = await post('/api/lost-found', { name: second, lastSeenCity: 'Fresno' }, base);
  const listed = (await (await fetch(`${base}/api/lost-found`)).json()) as { name: string }[];
  expect(listed[0]!.name).toBe(second);
  expect(await (await fetch(address)).text()).not.toContain(second);
  // Another address (fewer cards) is another answer.
  expect(await (await fetch(`${base}/es/lost-found?county=Fresno`)).text()).toContain(second);

  const { id } = (await created.json()) as { id: string };
  expect(await (await fetch(`${base}/person/${id}`)).text()).toContain(second);
  expect((await post(`/api/lost-found/${id}/notes`, { authorName: 'Ana', text: 'Seen at the Fresno shelter', status: 'believed_alive' }, base)).status).toBe(201);
  expect(await (await fetch(`${base}/person/${id}`)).text()).toContain('Seen at the Fresno shelter');
});

it('refuses bad input with 400 and stores nothing', async () => {
  const before = ((await (await fetch(`${base}/api/lost-found`)).json()) as unknown[]).length;
  const refused = await post('/api/lost-found', { name: '' }, base);
  expect(refused.status).toBe(400);
  expect(((await (await fetch(`${base}/api/lost-found`)).json()) as unknown[]).length).toBe(before);
});

it('takes a form posted without JavaScript: stores it and answers a result page in its language, with its own policy', async () => {
  const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  const posted = await fetch(`${base}/api/lost-found`, form({ form: 'lostFound', lang: 'es', name: 'Worker Form', lastSeenCity: 'Visalia' }));
  expect(posted.status).toBe(201);
  expect(posted.headers.get('content-security-policy')).toBe(FORM_RESULT_POLICY);
  expect(await posted.text()).toContain(es['lostFound.success']);
  expect(((await (await fetch(`${base}/api/lost-found`)).json()) as { name: string }[])[0]).toMatchObject({ name: 'Worker Form' });
});

it('lets no page publish: messages from sockets and plain requests to the room go nowhere', async () => {
  const [sender, listener] = [await listen(), await listen()];
  sender.socket.send(JSON.stringify({ event: 'emergency-alert', data: { id: 'fake', type: 'Fake', city: 'Fresno', details: 'spoof' } }));
  const post = await fetch(`${base}/parties/live-room/main`, { method: 'POST', body: '{"event":"emergency-alert"}' });
  expect(post.status).toBe(404);
  await expect(listen('another-room')).rejects.toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(listener.received).toEqual([]);
  sender.socket.close();
  listener.socket.close();
});

it('answers GET /api/health 200 in workerd: Turso takes a write, R2 a file, the Durable Object room answers', async () => {
  const response = await fetch(`${base}/api/health`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', failing: [] });
});

it('stores a photo in R2 without its metadata and serves it; counts who is watching in the room', async () => {
  const { uploadURL } = (await (await post('/api/upload', { type: 'alert-photos' }, base)).json()) as { uploadURL: string };
  const put = await fetch(`${base}${uploadURL}`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(await phonePhoto()) });
  expect(put.status).toBe(201);
  const { url } = (await put.json()) as { url: string };
  const served = await fetch(`${base}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  const photo = new Uint8Array(await served.arrayBuffer());
  expect(await exifr.parse(photo, { gps: true })).toBeUndefined();
  const part = await fetch(`${base}${url}`, { headers: { range: 'bytes=2-11' } });
  expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 2-11/${photo.length}`]);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(photo.subarray(2, 12));
  expect((await fetch(`${base}${url}`, { headers: { range: `bytes=${photo.length}-` } })).status).toBe(416);

  const watcher = await listen();
  const report = { type: 'Enforcement Activity', activity: 'Other', city: 'Visalia', details: 'Agents near the courthouse', photoUrl: url };
  const alert = await post('/api/alerts', report, base);
  expect(alert.status).toBe(201);
  const { id } = (await alert.json()) as { id: string };
  await expect
    .poll(() => watcher.received, { timeout: 5000 })
    .toEqual([{ event: 'emergency-alert', data: { id, type: 'Enforcement Activity', city: 'Visalia', details: 'Agents near the courthouse' } }]);
  const stats = (await (await fetch(`${base}/api/live/stats`)).json()) as { watching: number; activeAlerts: number };
  expect(stats).toMatchObject({ watching: 1, activeAlerts: 1 });
  watcher.socket.close();
});

it('makes the photo’s copy a shared link shows in workerd (Photon’s WebAssembly there), and names it in the person’s page', async () => {
  const { uploadURL } = (await (await post('/api/upload', { type: 'missing-persons' }, base)).json()) as { uploadURL: string };
  const { url } = (await (
    await fetch(`${base}${uploadURL}`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(await phonePhoto(1800, 1200)) })
  ).json()) as { url: string };
  const created = await post('/api/lost-found', { name: 'Lupe Worker', photoUrl: url, sharePhoto: true }, base);
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const image = `${base}/images/person-previews/${id}`;
  await expect.poll(async () => (await fetch(`${base}/person/${id}`)).text(), { timeout: 10_000 }).toContain(`<meta property="og:image" content="${image}">`);
  const preview = await fetch(image);
  expect(preview.headers.get('content-type')).toBe('image/jpeg');
  const bytes = new Uint8Array(await preview.arrayBuffer());
  expect(await exifr.parse(bytes, { gps: true })).toBeUndefined();
  // A JPEG's frame header (SOF0) names its size: 1200 by 800.
  const frame = Buffer.from(bytes).indexOf(Buffer.from([0xff, 0xc0]));
  expect([Buffer.from(bytes).readUInt16BE(frame + 7), Buffer.from(bytes).readUInt16BE(frame + 5)]).toEqual([1200, 800]);
});

it('sends a Web Push from workerd: a VAPID key made and kept there, the payload encrypted there and decrypted by the push service', async () => {
  const { publicKey } = (await (await fetch(`${base}/api/push/key`)).json()) as { publicKey: string };
  expect((await (await fetch(`${base}/api/push/key`)).json()) as { publicKey: string }).toEqual({ publicKey });
  const subscribed = await post('/api/push/subscriptions', { ...pushService.subscribe('worker'), topics: ['alerts'], lang: 'es' }, base);
  expect(subscribed.status).toBe(201);
  expect((await post('/api/alerts', { type: 'Weather Alert', city: 'Visalia', details: 'Flooding on Mooney Blvd' }, base)).status).toBe(201);
  await expect.poll(() => pushService.received, { timeout: 10_000 }).toHaveLength(1);
  expect(pushService.failures).toEqual([]);
  expect(pushService.received[0]).toMatchObject({
    key: publicKey,
    message: {
      title: es['live.emergencyTitle'].replace('{type}', es['alertType.weatherAlert']),
      body: es['push.bodyNear'].replace('{area}', 'Tulare'),
      url: '/es/alerts',
      tag: 'alerts',
    },
  });
});

it('streams a video into R2 without its location and serves it in byte ranges', async () => {
  const { bytes, payload, payloadOffset } = videoFile({ moov: 'last', payloadBytes: 300_000 });
  const asked = await post('/api/community-assistance/upload', { mediaType: 'assistance-requests' }, base);
  const put = await fetch(`${base}${((await asked.json()) as { url: string }).url}`, { method: 'PUT', body: bytes });
  expect(put.status).toBe(201);
  const { url } = (await put.json()) as { url: string };
  const served = await fetch(`${base}${url}`);
  expect([served.status, served.headers.get('content-type'), served.headers.get('accept-ranges')]).toEqual([200, 'video/mp4', 'bytes']);
  const video = Buffer.from(await served.arrayBuffer());
  expect(video.length).toBe(bytes.length);
  expect(video.includes(XYZ_LOCATION)).toBe(false);
  const part = await fetch(`${base}${url}`, { headers: { range: `bytes=${payloadOffset}-${payloadOffset + 99}` } });
  expect(part.status).toBe(206);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(payload.subarray(0, 100));
});

it('sends the security headers on pages (each allowing exactly its inline scripts), the 404 page, API answers and media', async () => {
  for (const path of ['/', '/lost-found', '/es/lost-found', '/pulse', '/ar/manage', '/ar']) {
    const page = await fetch(`${base}${path}`);
    expect(page.status, path).toBe(200);
    expect(allowedHashes(expectSecured(page)), path).toEqual((await inlineScriptHashes(await page.text())).sort());
  }
  const missing = await fetch(`${base}/es/no-such-page`, { headers: { 'sec-fetch-mode': 'navigate' } });
  expect(missing.status).toBe(404);
  expect(allowedHashes(expectSecured(missing))).toEqual((await inlineScriptHashes(await missing.text())).sort());

  expectSecured(await fetch(`${base}/api/lost-found`), NON_PAGE_POLICY);
  const asked = await post('/api/upload', { type: 'alert-photos' }, base);
  expectSecured(asked, NON_PAGE_POLICY);
  const { uploadURL } = (await asked.json()) as { uploadURL: string };
  const { url } = (await (await fetch(`${base}${uploadURL}`, { method: 'PUT', body: new Uint8Array(await phonePhoto()) })).json()) as { url: string };
  expectSecured(await fetch(`${base}${url}`), NON_PAGE_POLICY);
});

it('signs an admin in with the hash made on Node, and guards the admin API', async () => {
  const signIn = (origin: string, secret = adminSecret) =>
    fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ name: 'Worker Admin', secret }) });
  expect((await signIn('https://evil.example')).status).toBe(403);
  expect((await signIn(base, 'wrong')).status).toBe(401);
  const response = await signIn(base);
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!;
  expect(cookie).toMatch(/^__Host-admin=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  expect((await fetch(`${base}/api/admin/dashboard`)).status).toBe(401);
  const dashboard = await fetch(`${base}/api/admin/dashboard`, { headers: { cookie: cookie.split(';')[0]! } });
  expect(dashboard.status).toBe(200);
  expect(((await dashboard.json()) as { counts: { donations: number } }).counts.donations).toBe(0);

  // A PFIF file imported on the worker (through Turso's protocol) is in its PFIF export.
  const file = `<?xml version="1.0" encoding="UTF-8"?>
<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4"><pfif:person><pfif:person_record_id>personfinder.example/person.7</pfif:person_record_id>
<pfif:source_date>2026-11-01T10:00:00Z</pfif:source_date><pfif:full_name>Worker Import</pfif:full_name><pfif:author_phone>555-0100</pfif:author_phone></pfif:person></pfif:pfif>`;
  const imported = await fetch(`${base}/api/admin/pfif`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', origin: base, cookie: cookie.split(';')[0]! },
    body: file,
  });
  expect(imported.status).toBe(200);
  const exported = await fetch(`${base}/api/pfif`);
  expect(exported.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await exported.text();
  expect(xml).toContain('<pfif:person_record_id>personfinder.example/person.7</pfif:person_record_id>');
  expect(xml).not.toContain('555-0100');
});

it('answers an alert as CAP with California offsets, the Atom feed, and the drops as iCalendar (Intl and ical-generator in workerd)', async () => {
  const created = await post('/api/alerts', { type: 'Community Notice', city: 'Fresno', details: 'Worker CAP notice' }, base);
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const cap = await fetch(`${base}/api/alerts/${id}/cap.xml`);
  expect(cap.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
  const xml = await cap.text();
  expect(xml).toMatch(/<sent>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[78]:00<\/sent>/);
  expect(xml).toContain('<areaDesc>Fresno, Fresno County, California</areaDesc>');
  expect(await (await fetch(`${base}/api/alerts/feed.atom`)).text()).toContain(`<id>urn:uuid:${id}</id>`);

  const { client, db } = await openDatabase(`file:${join(folder, 'app.db')}`);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(Date.now() + 7 * 86_400_000);
  try {
    await db.insert(drops).values({ id: 'worker-drop', date, time: '10:00 AM - 2:00 PM', city: 'Fresno', meetSpot: 'Roeding Park', createdAt: new Date().toISOString() });
  } finally {
    client.close();
  }
  const ics = await (await fetch(`${base}/api/drops/calendar.ics`)).text();
  expect(ics).toContain('UID:drop-worker-drop@127.0.0.1:');
  expect(ics).toContain(`DTSTART;TZID=America/Los_Angeles:${date.replaceAll('-', '')}T100000`);
});
