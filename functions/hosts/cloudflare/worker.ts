/**
 * The Cloudflare host: one worker serving the prebuilt pages as static assets, the boards and
 * person pages rendered with their data by @astrojs/cloudflare, /api through the same Hono app as
 * the Node host (Turso through libSQL's web client), photos from R2, and the live room as a
 * Durable Object at /parties/live-room/main.
 *
 * `ASTRO_HOST=cloudflare astro build` bundles this file as the worker's entry (wrangler.toml's
 * `main`) into dist/cloudflare/server, beside the assets in dist/cloudflare/client; a path that
 * is no asset, no page and no API gets the assets' nearest 404.html, in the visitor's language.
 */
import astro from '@astrojs/cloudflare/entrypoints/server';
import { waitUntil } from 'cloudflare:workers';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { getServerByName, routePartykitRequest } from 'partyserver';
import * as schema from '../../../db/schema.ts';
import type { LiveRoom } from '../../../party/live-room.ts';
import { LIVE_ROOM } from '../../../src/common/contract/events.ts';
import { remoteRoom } from '../../../party/remote-room.ts';
import { mayListen } from '../../../src/common/room.ts';
import { createApp } from '../../app.ts';
import { apiConfig, liveRoomSettings, loadWorkerConfig } from '../../config.ts';
import { dataKey } from '../../domain/sealed.ts';
import { serveMedia } from '../../media/store.ts';
import { r2Media } from './r2-store.ts';
import { apiPolicy, NON_PAGE_POLICY, secure } from '../../../src/common/security-headers.ts';

export { LiveRoom } from '../../../party/live-room.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  LiveRoom: DurableObjectNamespace<LiveRoom>;
  MEDIA: R2Bucket;
  /** Vars and secrets: the settings functions/config.ts reads, as the Node host does. */
  [setting: string]: unknown;
}

let api: { key: string; app: ReturnType<typeof createApp> } | undefined;

/**
 * The API app, built once per isolate for its settings; settings that are not valid give the
 * Node host's message instead (Node stops with it, the worker answers it).
 */
function apiFor(env: Env): ReturnType<typeof createApp> | Error {
  const key = JSON.stringify(Object.entries(env).filter(([, value]) => typeof value === 'string'));
  if (api?.key === key) return api.app;
  let config;
  try {
    config = loadWorkerConfig(env);
  } catch (error) {
    return error as Error;
  }
  // The worker has no disk for a key file: its key is a secret, never in the database beside what it opens.
  if (!config.DATA_KEY)
    return new Error('DATA_KEY: set it as a secret (npx wrangler secret put DATA_KEY) to 32 random bytes in base64url, e.g. from `npm run rotate-key -- --print`');
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  const hosted = liveRoomSettings(config);
  const own = () => getServerByName(env.LiveRoom, LIVE_ROOM.room);
  // With a PartyKit-hosted room, pages listen there (PUBLIC_LIVE_URL) and the API publishes there.
  const room = hosted
    ? remoteRoom(hosted.url, hosted.secret)
    : { publish: async (event: unknown) => (await own()).publish(event), watching: async () => (await own()).connectionCount() };
  const app = createApp({
    db: drizzle(client, { schema }),
    dataKey: dataKey(config.DATA_KEY),
    media: r2Media(env.MEDIA),
    publish: room.publish,
    watching: room.watching,
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
    defer: (work) => waitUntil(work),
    config: apiConfig(config),
  });
  api = { key, app };
  return app;
}

const notFound = () => new Response('Not found', { status: 404 });

/** API answers and media files get the shared security headers here; static assets get them from _headers. */
function nonPage(response: Response, policy = NON_PAGE_POLICY): Response {
  const secured = new Response(response.body, response);
  secure(secured.headers, policy);
  return secured;
}

export default {
  async fetch(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/parties/')) {
      const response = await routePartykitRequest(request, env as unknown as Record<string, unknown>, {
        // Pages only open sockets to the one room; plain requests could try to publish.
        onBeforeConnect: (_request, { name }) => (mayListen(name) ? undefined : notFound()),
        onBeforeRequest: notFound,
      });
      return response ?? notFound();
    }
    if (pathname.startsWith('/api/')) {
      const app = apiFor(env);
      if (app instanceof Error) {
        console.error(app.message);
        return nonPage(Response.json({ error: { code: 'not_configured', message: app.message } }, { status: 503 }));
      }
      const answer = await app.fetch(request);
      return nonPage(answer, apiPolicy(answer.headers));
    }
    if (pathname.startsWith('/images/')) return nonPage(await serveMedia(r2Media(env.MEDIA), pathname, request));
    // A board's answer is kept in this data center's cache for the time its Cache-Control gives
    // shared caches (s-maxage), by its address (path with language, and county): nothing in it is
    // personal, and no request header changes it.
    const edge = request.method === 'GET' ? caches.default : undefined;
    const kept = await edge?.match(request.url);
    if (kept) return kept;
    // A rendered page asks the API in this isolate for its data (src/server/page-data.ts).
    const app = apiFor(env);
    const api = app instanceof Error ? undefined : (path: string) => app.fetch(new Request(new URL(path, request.url)));
    const page = await astro.fetch(request, env, { waitUntil: (work) => context.waitUntil(work), passThroughOnException: () => context.passThroughOnException(), props: { api } });
    // No page here: the assets answer their nearest 404.html, in the visitor's language.
    if (page.status === 404) return env.ASSETS.fetch(request);
    if (edge && page.ok && /\bs-maxage=\d+/.test(page.headers.get('cache-control') ?? '')) context.waitUntil(edge.put(request.url, page.clone()));
    return page;
  },

  /** A cron trigger (wrangler.toml) deletes what has expired and sends waiting texts. */
  async scheduled(_controller: unknown, env: Env): Promise<void> {
    const app = apiFor(env);
    if (app instanceof Error) console.error(app.message);
    else await app.maintain();
  },
};
