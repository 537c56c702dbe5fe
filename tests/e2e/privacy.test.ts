/**
 * No address and no user agent is kept anywhere: posts through every write endpoint
 * (tests/write-endpoints.ts, the admin desk's included) and both uploads, with forwarding headers
 * naming a marker address and a marker user agent, on the real Node server; then the whole
 * database file, the media folder and everything the server printed are searched for both. The
 * same through the API app with the marker as the client address the rate limits see (the
 * Cloudflare host's CF-Connecting-IP).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { paying } from '../paying.ts';
import { phonePhoto } from '../photo-fixture.ts';
import { testApp } from '../test-app.ts';
import { codeTexted, textedCode } from '../text-codes.ts';
import { videoFile } from '../video-fixture.ts';
import { WRITE_ENDPOINTS, type Host } from '../write-endpoints.ts';
import { ownServer } from './chromium.ts';

const ADDRESS = '198.51.100.77';
const AGENT = 'MarkerAgent/9.9 (privacy-scan; +leak-check)';
const MARKED = {
  'x-forwarded-for': `${ADDRESS}, 203.0.113.9`,
  'cf-connecting-ip': ADDRESS,
  'x-real-ip': ADDRESS,
  forwarded: `for=${ADDRESS};proto=https`,
  'true-client-ip': ADDRESS,
  'user-agent': AGENT,
};

/** Every file under a folder, as bytes. */
const filesUnder = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name)))
    : [];

/** The database file and its journal files, as bytes. */
const databaseFiles = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.startsWith('app.db'))
    .map((name) => readFileSync(join(folder, name)));

/** Where a marker shows up: the names of the places that hold it. */
function leaks(places: Record<string, Buffer[] | string>, markers: string[]) {
  return Object.entries(places).flatMap(([place, content]) =>
    markers
      .filter((marker) =>
        (typeof content === 'string' ? [Buffer.from(content)] : content).some((bytes) => bytes.includes(marker) || bytes.includes(Buffer.from(marker, 'utf16le'))),
      )
      .map((marker) => `${marker} in ${place}`),
  );
}

it('the Node server keeps no address or user agent in its database, its media folder or its log', async () => {
  const server = await ownServer();
  const { folder } = server;
  const { client, db } = await openDatabase(`file:${join(folder, 'app.db')}`);
  try {
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { ...MARKED, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    // The admin rows make their account in this database and sign in over HTTP, naming the
    // server's own origin as the admin API's CSRF check wants.
    const host: Host = {
      post: (path, body, headers) => send('POST', path, body, headers),
      store: { db },
      clock: { now: Date.now() },
      origin: server.url,
      // The server's data key, kept in its key file beside the database.
      textedCode: (phone) => codeTexted(client, readFileSync(join(folder, 'data.key'), 'utf8').trim(), phone),
    };
    const statuses: string[] = [];
    for (const endpoint of WRITE_ENDPOINTS) {
      const target = await endpoint.target(host);
      const once = (proof: Record<string, string>) => send(endpoint.method, target.path, endpoint.file ?? { ...endpoint.valid, ...target.extra }, { ...target.headers, ...proof });
      const response = endpoint.pays ? await paying(once) : await once({});
      statuses.push(`${endpoint.name} ${response.status}`);
      expect(response.status, endpoint.name).toBeLessThan(300);
      // A refused request too: refusals are where servers like to log who sent them. An endpoint
      // that reads no body cannot refuse one, so it gets a request without its credentials.
      const refused = endpoint.bodyless
        ? await send(endpoint.method, target.path, { nonsense: true })
        : await send(endpoint.method, target.path, { nonsense: true }, target.headers);
      expect(refused.status, endpoint.name).toBeGreaterThanOrEqual(400);
    }
    const { uploadURL } = (await (await send('POST', '/api/upload', { type: 'alert-photos' })).json()) as { uploadURL: string };
    expect((await fetch(`${server.url}${uploadURL}`, { method: 'PUT', headers: MARKED, body: new Uint8Array(await phonePhoto()) })).status).toBe(201);
    for (const file of [new Uint8Array(await phonePhoto()), videoFile({ moov: 'last', payloadBytes: 20_000 }).bytes]) {
      const { url } = (await (await send('POST', '/api/community-assistance/upload', { mediaType: 'surplus-offers' })).json()) as { url: string };
      expect((await fetch(`${server.url}${url}`, { method: 'PUT', headers: { ...MARKED, 'content-length': String(file.byteLength) }, body: file })).status).toBe(201);
    }
    for (const path of ['/', '/lost-found', '/api/lost-found', '/api/no-such-thing', '/no-such-page', '/images/alert-photos/none'])
      await fetch(`${server.url}${path}`, { headers: MARKED });
    await server.stop();
    client.close();

    const found = leaks({ 'the database': databaseFiles(folder), 'the media folder': filesUnder(join(folder, 'media')), 'the log': server.log() }, [
      ADDRESS,
      AGENT,
      'MarkerAgent',
      '127.0.0.1',
    ]);
    expect(found, statuses.join(', ')).toEqual([]);
    expect(filesUnder(join(folder, 'media')).length).toBe(3);
  } finally {
    client.close();
  }
});

it('the API keeps only keyed hashes of the client address its host hands it', async () => {
  const api = await testApp();
  try {
    api.client.address = ADDRESS;
    const host: Host = {
      post: (path, body, headers) => api.post(path, body, { ...MARKED, ...headers }),
      store: api.store,
      clock: api.clock,
      textedCode: (phone) => textedCode(api, phone),
    };
    for (const endpoint of WRITE_ENDPOINTS) {
      const target = await endpoint.target(host);
      const once = (proof: Record<string, string>) =>
        api.app.request(target.path, {
          method: endpoint.method,
          headers: { ...MARKED, 'content-type': 'application/json', ...target.headers, ...proof },
          body: endpoint.file ?? JSON.stringify({ ...endpoint.valid, ...target.extra }),
        });
      const response = endpoint.pays ? await paying(once) : await once({});
      expect(response.status, endpoint.name).toBeLessThan(300);
    }
    expect(await api.count('rate_events')).toBeGreaterThan(0);
    api.store.client.close();
    expect(leaks({ 'the database': databaseFiles(api.store.folder), 'the media folder': filesUnder(join(api.store.folder, 'media')) }, [ADDRESS, AGENT])).toEqual([]);
  } finally {
    api.close();
  }
});
