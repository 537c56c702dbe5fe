/**
 * The embedded default host (`npm start`): one Node process serving the prebuilt pages from
 * dist/client, the API over a libSQL file, photos from a local folder, and the live room's
 * WebSocket relay. It runs as one bundled file, dist/node/server.mjs, which the build writes
 * (astro.config.mjs, `nodeHostBundle`): paths below are from there.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDatabase } from '../../../db/client.ts';
import { applySampleContent } from '../../../db/seed.ts';
import { placeStoredCities } from '../../domain/places.ts';
import { sealStored } from '../../domain/sealed.ts';
import { loadDataKey } from './data-key-file.ts';
import { createNodeRelay } from '../../../party/node-relay.ts';
import { remoteRoom } from '../../../party/remote-room.ts';
import { langFromPath } from '../../../src/common/i18n/languages.ts';
import { createApp } from '../../app.ts';
import { clientAddress } from '../client-address.ts';
import { apiConfig, liveRoomSettings, loadConfig, type Config } from '../../config.ts';
import { fileMediaStore } from './file-store.ts';
import { serveMedia } from '../../media/store.ts';
import { notFoundFile, pageFile, pagePolicies } from '../page-policies.ts';
import { apiPolicy, NON_PAGE_POLICY, secure } from '../../../src/common/security-headers.ts';

const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
/** The pages rendered on demand: @astrojs/node's handler in middleware mode, built beside this file. */
const renderedPages = new URL('../server/entry.mjs', import.meta.url);

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!existsSync(`${clientDir}404.html`)) {
  console.error('There is no build in dist/client yet: run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

const { handler: renderPage } = (await import(renderedPages.href)) as {
  handler: (request: HttpBindings['incoming'], response: HttpBindings['outgoing'], next: () => void, locals: object) => Promise<void>;
};
const { client, db } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
let dataKey;
try {
  dataKey = await loadDataKey(config, db);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const sample = await applySampleContent(db, config.SAMPLE_CONTENT);
if (sample === 'loaded') console.log('Loaded sample content (turn it off with SAMPLE_CONTENT=off).');
if (sample === 'removed') console.log('Removed the sample content (SAMPLE_CONTENT=off).');
// Cities stored before counties were are placed before the first answer, not a minute later.
const placedCities = await placeStoredCities(db);
if (placedCities > 0) console.log(`Placed ${placedCities} stored posts in their California places and counties.`);
// Contacts stored in clear (before sealing, or sample content just loaded) are sealed before the first answer.
const sealedRows = await sealStored(db, dataKey);
if (sealedRows > 0) {
  // Their earlier, clear pages leave the write-ahead log too.
  if (config.DATABASE_URL.startsWith('file:')) await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  console.log(`Encrypted the phone numbers and emails of ${sealedRows} stored rows.`);
}

// Behind TRUSTED_PROXY the relay counts sockets per visitor, as the API's limits do, not per proxy.
const relay = createNodeRelay({ clientAddress: (request) => clientAddress(request, config) });
// With a PartyKit-hosted room, pages listen there (PUBLIC_LIVE_URL) and the API publishes there.
const hosted = liveRoomSettings(config);
const room = hosted ? remoteRoom(hosted.url, hosted.secret) : { publish: relay.publish, watching: () => relay.connections };
const media = fileMediaStore(config.MEDIA_DIR);
const api = createApp({
  db,
  dataKey,
  media,
  publish: room.publish,
  watching: room.watching,
  clientAddress: (c) => {
    const incoming = (c.env as HttpBindings | undefined)?.incoming;
    return incoming && clientAddress(incoming, config);
  },
  config: {
    ...apiConfig(config),
    // This process sees every write, so list answers can be kept until the next one (or 2 s).
    listCacheMs: 2000,
  },
});
const maintenance = setInterval(() => void api.maintain().catch((error: Error) => console.error(`Maintenance failed: ${error.message}`)), 60_000);
const site = new Hono<{ Bindings: HttpBindings }>();

const policies = await pagePolicies(clientDir);
// Every answer carries the security headers; a page gets the policy for exactly its own inline
// scripts, and other static files the 404 page's, as the Cloudflare host's _headers gives them.
site.use('*', async (c, next) => {
  await next();
  // A page rendered on demand was written with its own headers (src/middleware.ts).
  if (c.res === RESPONSE_ALREADY_SENT) return;
  const { path } = c.req;
  const page = c.res.headers.get('content-type')?.startsWith('text/html') && policies.get(c.res.status === 404 ? notFoundFile(langFromPath(path)) : pageFile(path));
  secure(c.res.headers, path.startsWith('/api/') ? apiPolicy(c.res.headers) : path.startsWith('/images/') ? NON_PAGE_POLICY : page || policies.get('404.html')!);
});

/**
 * The build's files do not change while this process runs, so each is read and compressed once,
 * on its first request, and answered from memory after (reading and gzipping them anew was a fifth
 * of the work of serving a page). Only whole answers of 200, and only so many: addresses that
 * reach one file in many spellings (`//jobs`) cannot fill the memory.
 */
const builtFiles = new Map<string, { body: ArrayBuffer; headers: [string, string][] }>();
const MAX_BUILT_FILES = 4000;
site.use('*', async (c, next) => {
  const { path } = c.req;
  if (c.req.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/images/') || c.req.header('range')) return next();
  // The encoding compress() below chooses for this request.
  const accepted = c.req.header('accept-encoding') ?? '';
  const key = `${accepted.includes('gzip') ? 'gzip' : accepted.includes('deflate') ? 'deflate' : 'identity'} ${path}`;
  const kept = builtFiles.get(key);
  if (kept) return new Response(kept.body, { headers: kept.headers });
  await next();
  // A page rendered on demand was written already, and is no file.
  if (c.res.status !== 200 || c.res === RESPONSE_ALREADY_SENT || builtFiles.size >= MAX_BUILT_FILES) return;
  const file = { body: await c.res.arrayBuffer(), headers: [...c.res.headers] };
  builtFiles.set(key, file);
  c.res = new Response(file.body, { headers: file.headers });
});
// Pages, scripts, styles and JSON travel gzipped (a third of their size, or less, on costly data);
// images, videos and byte ranges are left as they are.
site.use('*', compress());
site.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
site.get('/images/*', (c) => serveMedia(media, c.req.path, c.req.raw));
site.use(
  '/_astro/*',
  serveStatic({
    root: clientDir,
    // Hashed file names: a changed file gets a new name, so these can be kept for a year.
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
  }),
);
site.use('*', serveStatic({ root: clientDir }));
// A path no file answers may be a page rendered with its data (a board, a person's page). Its
// data comes from the API in this process; the adapter writes the answer itself.
const askApi = (path: string) => api.fetch(new Request(new URL(path, 'http://localhost')));
/** The prebuilt 404 page in the language of `path`. */
const notFoundHtml = (path: string) => {
  const lang = langFromPath(path);
  return readFile(`${clientDir}${lang === 'en' ? '' : `${lang}/`}404.html`, 'utf8');
};
const notFoundPage = async (path: string) => new Response(await notFoundHtml(path), { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
site.get('*', async (c, next) => {
  let routed = true;
  await renderPage(c.env.incoming, c.env.outgoing, () => (routed = false), { api: askApi, gzip: true, notFoundPage });
  if (routed) return RESPONSE_ALREADY_SENT;
  await next();
});
site.notFound(async (c) => c.html(await notFoundHtml(c.req.path), 404));

const server = serve({ fetch: site.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Find. Help. Reunite. is running at http://${host === '127.0.0.1' ? 'localhost' : host}:${info.port}/`);
});

server.on('upgrade', relay.handleUpgrade);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${config.PORT} is already in use. Stop the other server, or start this one on another port: PORT=${config.PORT + 1} npm start`
      : `The server could not start: ${error.message}`,
  );
  process.exit(1);
});

function stop() {
  clearInterval(maintenance);
  relay.close();
  server.close(() => {
    client.close();
    process.exit(0);
  });
  // Open keep-alive connections would hold the close; nothing is left to wait for.
  (server as Server).closeAllConnections();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
