/**
 * The benchmark suite (not part of `npm test`): figures to hold against the issue's targets, on
 * the current build and the real embedded server over a temp database with 10,000 rows per board.
 *   - Lighthouse 13, simulated throttling, Debian chromium: every route (prebuilt or rendered on
 *     demand) in English and Arabic, under the mobile preset and again on a slow phone line (300 ms
 *     round trips, 700 Kbps, 4x slower CPU): performance score, LCP, TBT, CLS, bytes;
 *   - API load on loopback: list reads paced evenly at 500 req/s, then flat out and posts with
 *     autocannon;
 *   - pages: each board rendered on demand, in English and Arabic, paced at 100 req/s (`pages`);
 *   - live fan-out: 1,000 partysocket clients in one room, from a post's response to the message
 *     reaching the last of them;
 *   - search: GET /api/lost-found?q= paced at 500 req/s over 100,000 missing-person records, each
 *     request a query no earlier one asked (the server keeps no search's answer: every one is worked out);
 *   - PFIF: the import of 10,000 persons with two notes each into a real libSQL file (bench:pfif);
 *   - Web Push: 10,000 encrypted, signed pushes handed to a push service on loopback (bench:push);
 *   - proof of work: solve time per difficulty in Chromium, normal and with 4x CPU slowdown (bench:pow).
 * Prints a table per part and writes bench/results.json.
 * Usage: npm run build && npm run bench [-- --routes /,/sos] [--langs en,ar] [--only lighthouse,api,pages,live,search,pfif,push,pow]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PartySocket } from 'partysocket';
import WebSocket from 'ws';
import { openDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { latinReadings } from '../db/name-keys.ts';
import { placedLastSeen } from '../src/common/contract/places.ts';
import { tidySearchIndex } from '../functions/domain/person-search.ts';
import { placeStoredCities } from '../functions/domain/places.ts';
import { searchFields } from '../db/search-fields.ts';
import { LIVE_ROOM } from '../src/common/contract/events.ts';
import { localizePath } from '../src/common/i18n/languages.ts';
import { startServer } from '../tests/e2e/start-server.ts';
import { loopback, postFrom } from '../tests/post-from.ts';
import { builtPages, RENDERED_ROUTES, renderedPages } from './page-weight.ts';
import { pfifFigures } from './pfif-bench.ts';
import { powFigures } from './pow-bench.ts';
import { pushFigures } from './push-bench.ts';

const { values: args } = parseArgs({
  options: {
    routes: { type: 'string' },
    langs: { type: 'string', default: 'en,ar' },
    only: { type: 'string', default: 'lighthouse,api,pages,live,search,pfif,push,pow' },
    'search-rows': { type: 'string', default: '100000' },
    rows: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '50' },
  },
});
const parts = new Set(args.only.split(','));
const ROWS = Number(args.rows);
const SEARCH_ROWS = Number(args['search-rows']);
const TARGETS = { performance: 100, lcpMs: 1500, readP99Ms: 20, readRate: 500, pageRate: 100, fanOutP95Ms: 250, searchP99Ms: 20 };

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** The search's tables, MiB each, once seeded. */
let searchIndexSize: Record<string, number> | undefined;

/** 10,000 listed rows on every board, written straight into the database (no rate limits). */
async function seed(file: string) {
  const { client, db } = await openDatabase(`file:${file}`);
  const now = Date.now();
  const at = (i: number) => new Date(now - i * 60_000).toISOString();
  const later = new Date(now + 30 * 86_400_000).toISOString();
  const cities = ['Fresno', 'Los Angeles', 'Oakland', 'San Diego', 'Sacramento', 'Bakersfield', 'San Jose', 'Salinas'];
  const city = (i: number) => cities[i % cities.length]!;
  const text = (i: number) => `Bench row ${i}: a realistic sentence or two of details, about as long as people write on a phone.`;
  const help = (i: number) => ({
    id: `b${i}`,
    title: `Bench help ${i}`,
    description: text(i),
    category: 'Food',
    city: city(i),
    contactName: 'Bench',
    contactMethod: '555-0100',
    contactKind: 'phone',
    imageUrls: [],
    createdAt: at(i),
    expiresAt: later,
  });
  const boards = [
    [
      schema.lostFoundPosts,
      (i: number) => ({
        id: `b${i}`,
        name: `Bench Person ${i}`,
        lastSeenCity: city(i),
        lastSeenDate: '2025-01-01',
        description: text(i),
        contact: '555-0100',
        contactKind: 'phone',
        createdAt: at(i),
      }),
    ],
    [
      schema.alerts,
      (i: number) => ({ id: `b${i}`, type: 'Community Notice', precision: 'BROAD', city: city(i), details: text(i), fingerprint: `b${i}`, createdAt: at(i), expiresAt: later }),
    ],
    [
      schema.resources,
      (i: number) => ({ id: `b${i}`, name: `Bench resource ${i}`, category: 'Food', city: city(i), notes: text(i), status: 'published', verified: i % 3 === 0, createdAt: at(i) }),
    ],
    [schema.jobs, (i: number) => ({ id: `b${i}`, title: `Bench job ${i}`, city: city(i), notes: text(i), contact: '555-0100', status: 'approved', createdAt: at(i) })],
    [
      schema.drops,
      (i: number) => ({ id: `b${i}`, date: new Date(now + (i % 365) * 86_400_000).toISOString().slice(0, 10), city: city(i), meetSpot: 'Main square', createdAt: at(i) }),
    ],
    [schema.assistanceRequests, (i: number) => ({ ...help(i), urgency: 'Medium' })],
    [schema.surplusOffers, help],
  ] as const;
  for (const [table, row] of boards) {
    for (let start = 0; start < ROWS; start += 500) {
      const rows = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => row(start + k));
      // One loop over seven tables: each row function fits its own table.
      await db.insert(table as typeof schema.jobs).values(rows as never);
    }
  }
  if (parts.has('search')) {
    // Missing-person records as the API stores them (with their folded copies), names mixed from
    // the communities served, so a name is shared by a few dozen records as real names are.
    for (let start = 0; start < SEARCH_ROWS; start += 500) {
      const rows = Array.from({ length: Math.min(500, SEARCH_ROWS - start) }, (_, k) => {
        const i = start + k;
        // Placed in their county as the API places them: placed later (placeStoredCities), each
        // would be indexed anew.
        const post = { name: personName(i), ...placedLastSeen(city(i * 7)) };
        // Oldest first, as they were posted, all within their LOST_FOUND_DAYS: one every 30 s.
        return { ...post, ...searchFields(post), id: `s${i}`, description: text(i), createdAt: new Date(now - (SEARCH_ROWS - i) * 30_000).toISOString() };
      });
      await db.insert(schema.lostFoundPosts).values(rows);
    }
    // The other boards' rows placed too, as the server's first start would place them.
    await placeStoredCities(db);
    // The index as the server's maintenance leaves it a few minutes after a bulk import (a step a
    // minute, see tidySearchIndex), not as 200 batches of posts just wrote it.
    const tidying = performance.now();
    let steps = 0;
    while (await tidySearchIndex(db)) steps++;
    console.log(`search index merged in ${steps} steps of the server's maintenance, ${round(performance.now() - tidying)} ms in all`);
    // What the search costs in room: its index (with the names' sound keys), its keys, and the keys' shorter forms.
    const sizes = await client.execute("SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'lost_found_search%' OR name = 'lost_found_name_words' GROUP BY name");
    const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);
    searchIndexSize = Object.fromEntries(sizes.rows.map((row) => [row.name as string, mib(Number(row.bytes))]));
    console.log(`search index: ${mib(sizes.rows.reduce((sum, row) => sum + Number(row.bytes), 0))} MiB in all ${JSON.stringify(searchIndexSize)}`);
  }
  client.close();
}

const FIRST_NAMES = [
  'María José',
  'José Luis',
  'Juan',
  'Guadalupe',
  'Lucía',
  'Rosa',
  'Miguel Ángel',
  'Ana',
  'Jesús',
  'Sofía',
  'Nguyễn Văn',
  'Trần Thị',
  'Lê Minh',
  'Phạm Thu',
  'Đặng Quốc',
  'Wei',
  'Xiaoming',
  'Mei',
  'Ji-woo',
  'Min-jun',
  'Gurpreet',
  'Harjit',
  'Amandeep',
  'Maribel',
  'Josefina',
  'Francisco',
  'Teresa',
  'Alejandro',
  'Daniel',
  'Sarah',
];
const LAST_NAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Flores',
  'An',
  'Hà',
  'Bình',
  'Kim',
  'Park',
  'Lee',
  'Singh',
  'Kaur',
  'Dhillon',
  'Chen',
  'Wang',
  'Zhang',
  'Nguyễn',
  'Trần',
  'Morales',
];
const CJK_NAMES = ['王小明', '李华', '张伟', '陈静', '刘洋', '김민준', '이서연', '박지훈'];
/** Names of 30 x 25 first and last name pairs, and every tenth a name written in Chinese or Korean. */
const personName = (i: number) =>
  i % 10 === 9 ? CJK_NAMES[i % CJK_NAMES.length]! : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;

/**
 * Queries people type: a whole name without accents, a name in the other order, a part of a first
 * name with a city, a family name with two letters of it swapped (a typo: found on the second
 * look), a name in Chinese or Korean, and that name in Latin letters.
 */
function searchQueries(count: number): string[] {
  const strip = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const swapped = (word: string) => `${word.slice(0, 2)}${word[3] ?? ''}${word[2] ?? ''}${word.slice(4)}`;
  const cities = ['Fresno', 'Oakland', 'San Jose', 'Salinas'];
  const all: string[] = [];
  for (const first of FIRST_NAMES)
    for (const last of LAST_NAMES) {
      all.push(
        strip(`${first} ${last}`),
        `${last} ${first.split(' ')[0]}`,
        `${first.slice(0, 4)} ${cities[all.length % cities.length]}`,
        `${strip(first.split(' ')[0]!)} ${swapped(strip(last))}`,
      );
    }
  for (const name of CJK_NAMES) all.push(name, name.slice(1), latinReadings(name).join(' '));
  const unique = [...new Set(all)];
  // Each query asked once, whatever the count: a count above the pool asks each again with another page size.
  return Array.from({ length: count }, (_, i) => `${encodeURIComponent(unique[i % unique.length]!)}${i < unique.length ? '' : `&limit=${10 + Math.floor(i / unique.length)}`}`);
}

/**
 * The networks each page is measured on: Lighthouse's mobile preset (150 ms, 1.6 Mbps, 4x CPU), and
 * the slow phone line the boards are held to (LCP at most 2 s there).
 */
const NETWORKS: [name: string, throttling?: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number }][] = [
  ['mobile'],
  ['slow line', { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4 }],
];

/** Lighthouse on each page, one after another on one chromium. */
async function runLighthouse(base: string) {
  const routes = args.routes?.split(',');
  const langs = args.langs.split(',');
  const pages = [...builtPages(), ...(await renderedPages(base))].filter((page) => langs.includes(page.lang) && (!routes || routes.includes(page.route)));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    // A first run on a cold browser is slower than any after it: warm up, keep nothing.
    await lighthouse(`${base}/404.html`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    for (const page of pages)
      for (const [network, throttling] of NETWORKS) {
        // The 404 page is read as the file it is, so Lighthouse gets a 200.
        const url = `${base}${page.route === '/404' ? `${page.path}.html` : page.path}`;
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(throttling && { throttling }) });
        const lhr = result!.lhr;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const row = {
          page: page.path,
          network,
          performance: round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: round(audit('largest-contentful-paint')),
          fcpMs: round(audit('first-contentful-paint')),
          tbtMs: round(audit('total-blocking-time')),
          cls: round(audit('cumulative-layout-shift'), 3),
          kib: round(audit('total-byte-weight') / 1024, 1),
          error: lhr.runtimeError?.message,
        };
        rows.push(row);
        console.log(
          `lighthouse ${row.page} (${network}): ${row.performance} LCP ${row.lcpMs} ms TBT ${row.tbtMs} ms CLS ${row.cls} ${row.kib} KiB${row.error ? ` ${row.error}` : ''}`,
        );
      }
  } finally {
    chrome.kill();
  }
  return rows;
}

interface Load {
  path: string;
  method?: 'GET' | 'POST';
  body?: (i: number) => unknown;
}

/**
 * One autocannon run, as fast as the server answers: 10 connections for 10 s, after a 2 s
 * run that is not measured (a running server has compiled its hot code; a cold one has not).
 */
async function load({ path, method = 'GET', body }: Load, base: string) {
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${base}${path}`,
      connections: 10,
      duration,
      requests: [
        {
          method,
          // Phones ask for compressed answers; the server's gzip is part of what is measured.
          headers: { 'accept-encoding': 'gzip', ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify(body(i++)) }) } : {}),
        },
      ],
    });
  await run(2);
  const result = await run(10);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]));
  return {
    request: `${method} ${path}`,
    reqPerSec: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statuses: JSON.stringify(statuses),
    errors: result.errors + result.timeouts,
  };
}

/**
 * Reads at an even `rate` for 10 s (after 2 s not measured), as many phones acting on their own
 * would send them: request i leaves at i/rate s whatever happened before it (open loop), over up to
 * 50 kept-alive connections, and its latency counts from when it was due, so a server that stalls
 * cannot hide the queue behind it. (autocannon's fixed rate is not even: each connection sends its
 * whole second's share back to back at the start of every second, then idles.)
 */
async function paced(path: string | ((i: number) => string), rate: number, base: string, label = String(path)) {
  const pathOf = typeof path === 'string' ? () => path : path;
  let sent = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const once = (due: number) =>
    new Promise<{ ms: number; status: number }>((resolve) => {
      const request = http.get(`${base}${pathOf(sent++)}`, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
        response.resume().on('end', () => resolve({ ms: performance.now() - due, status: response.statusCode ?? 0 }));
      });
      request.on('error', () => resolve({ ms: performance.now() - due, status: 0 }));
    });
  const run = async (seconds: number) => {
    const start = performance.now();
    const answers = [];
    for (let i = 0; i < rate * seconds; i++) {
      const due = start + (i * 1000) / rate;
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      // (A timer may fire a little early: then the request leaves, and counts, from now.)
      answers.push(once(Math.min(due, performance.now())));
    }
    return Promise.all(answers);
  };
  await run(2);
  const answers = await run(10);
  agent.destroy();
  const latencies = answers.map((answer) => answer.ms);
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    request: `GET ${label} @${rate}/s`,
    reqPerSec: round(answers.length / 10),
    p50Ms: round(percentile(latencies, 0.5), 1),
    p99Ms: round(percentile(latencies, 0.99), 1),
    maxMs: round(Math.max(...latencies), 1),
    statuses: JSON.stringify(statuses),
    errors: statuses[0] ?? 0,
  };
}

async function runApi(base: string) {
  const lists = ['/api/lost-found', '/api/alerts', '/api/jobs', '/api/resources', '/api/assistance-requests', '/api/surplus-offers', '/api/drops', '/api/pulse'];
  const rows = [];
  for (const path of lists) rows.push(await paced(path, TARGETS.readRate, base));
  // Every page asked once (its own before=), so no cached answer serves it: each reads and opens its rows.
  const pageBefore = (i: number) => `/api/lost-found?before=${encodeURIComponent(new Date(Date.now() - (i % ROWS) * 60_000).toISOString())}`;
  rows.push(await paced(pageBefore, TARGETS.readRate, base, '/api/lost-found?before=... (each page once)'));
  for (const path of lists.slice(0, 4)) rows.push(await load({ path }, base));
  // Posts are limited per client (RATE_LIMITS) and all of these come from one address: after the
  // first 10, every answer is the 429, so these two rows measure the limit's own cost.
  rows.push(await load({ path: '/api/lost-found', method: 'POST', body: (i) => ({ name: `Load ${i}`, lastSeenCity: 'Fresno' }) }, base));
  rows.push(await load({ path: '/api/alerts', method: 'POST', body: (i) => ({ city: 'Fresno', details: `Load alert ${i}` }) }, base));
  for (const row of rows) console.log(`api ${row.request}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms ${row.statuses}`);
  return rows;
}

/**
 * Each board rendered on demand read at 100 req/s over the seeded rows, in English and Arabic: the
 * server's whole render (the API asked in process, the page drawn, its hashes, gzip).
 */
async function runPages(base: string) {
  const rows = [];
  for (const route of RENDERED_ROUTES.filter((route) => !route.includes(':')))
    for (const lang of ['en', 'ar'] as const) rows.push(await paced(localizePath(route, lang), TARGETS.pageRate, base));
  return rows;
}

/**
 * Searches at 500 req/s, every request a query not asked before; then at half and a fifth of
 * that: where the server stops keeping up, and what one search costs when it does.
 */
async function runSearch(base: string) {
  const rows = [];
  for (const rate of [TARGETS.readRate, TARGETS.readRate / 2, TARGETS.readRate / 5]) {
    const queries = searchQueries(rate * 12);
    rows.push(await paced((i) => `/api/lost-found?q=${queries[i]}`, rate, base, `/api/lost-found?q=... (${SEARCH_ROWS} records)`));
  }
  for (const row of rows) console.log(`search ${row.request}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms ${row.statuses}`);
  return rows;
}

/** 1,000 clients in the room; per post, when the last of them hears it. */
async function runLive(base: string) {
  const clients = Number(args.clients);
  const url = new URL(base);
  const heard = new Map<string, number[]>();
  const sockets = Array.from({ length: clients }, () => {
    const socket = new PartySocket({ host: url.host, protocol: 'ws', ...LIVE_ROOM, WebSocket });
    socket.addEventListener('message', ({ data }) => {
      const name = (JSON.parse(String(data)) as { data?: { name?: string } }).data?.name;
      if (name) heard.get(name)?.push(performance.now());
    });
    return socket;
  });
  const opened = () => sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  const deadline = Date.now() + 60_000;
  while (opened() < clients && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const open = opened();
  const fromResponse: number[] = [];
  const fromRequest: number[] = [];
  let incomplete = 0;
  try {
    for (let n = 0; n < Number(args.rounds); n++) {
      const name = `Fan-out ${n} ${Date.now()}`;
      const times: number[] = [];
      heard.set(name, times);
      const sent = performance.now();
      // Each round posts as another person, so the rate limit never answers for the room.
      const response = await postFrom(loopback(n), `${base}/api/lost-found`, { name });
      const answered = performance.now();
      if (response.status !== 201) throw new Error(`post answered ${response.status}`);
      const until = Date.now() + 5000;
      while (times.length < open && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
      if (times.length < open) incomplete++;
      const last = Math.max(...times);
      fromResponse.push(last - answered);
      fromRequest.push(last - sent);
      heard.delete(name);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  const row = {
    clients: open,
    rounds: fromResponse.length,
    incompleteRounds: incomplete,
    p50Ms: round(percentile(fromResponse, 0.5), 1),
    p95Ms: round(percentile(fromResponse, 0.95), 1),
    p99Ms: round(percentile(fromResponse, 0.99), 1),
    fromRequestP95Ms: round(percentile(fromRequest, 0.95), 1),
  };
  console.log(`live: ${JSON.stringify(row)}`);
  return row;
}

const folder = mkdtempSync(join(tmpdir(), 'fhr-bench-'));
const results: Record<string, unknown> = { at: new Date().toISOString(), targets: TARGETS, rowsPerBoard: ROWS };
try {
  const started = performance.now();
  await seed(join(folder, 'app.db'));
  if (searchIndexSize) results.searchIndexMiB = searchIndexSize;
  console.log(`seeded ${ROWS} rows per board${parts.has('search') ? ` and ${SEARCH_ROWS} missing-person records` : ''} in ${round((performance.now() - started) / 1000, 1)} s`);
  const server = await startServer(folder, { sample: false });
  try {
    if (parts.has('lighthouse')) results.lighthouse = await runLighthouse(server.url);
    if (parts.has('api')) results.api = await runApi(server.url);
    if (parts.has('pages')) results.pages = await runPages(server.url);
    if (parts.has('live')) results.live = await runLive(server.url);
    if (parts.has('search')) results.search = await runSearch(server.url);
  } finally {
    await server.stop();
  }
  if (parts.has('pfif')) results.pfif = [await pfifFigures(ROWS)];
  if (parts.has('push')) results.push = [await pushFigures(ROWS)];
  if (parts.has('pow')) results.pow = await powFigures();
} finally {
  rmSync(folder, { recursive: true, force: true });
}

for (const part of ['lighthouse', 'api', 'pages', 'search', 'pfif', 'push', 'pow'] as const) if (results[part]) console.table(results[part]);
if (results.live) console.table([results.live]);
mkdirSync(new URL('../bench/', import.meta.url), { recursive: true });
writeFileSync(new URL('../bench/results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('written to bench/results.json');
