import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// An implementation of RFC 8188 other than the sender's, by one of its authors.
import ece from 'http_ece';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../functions/outbound/push-hosts.ts';

/**
 * A push service in the tests' lists of hosts that no network can reach (.test is reserved), for
 * subscriptions that are stored but must never be pushed to a real service.
 */
export const UNREACHABLE_PUSH_HOST = 'push.example.test';
export const TEST_PUSH_SERVICE_HOSTS = [...DEFAULT_PUSH_SERVICE_HOSTS, UNREACHABLE_PUSH_HOST];

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

/** A browser's side of a push subscription: its P-256 key pair and auth secret, made by the test. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID JWT's claims, once its ES256 signature checked out against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` public key the JWT was signed with. */
  key: string;
  /** The payload, decrypted with the browser's keys of the path's subscription. */
  message: unknown;
}

/** Verifies `Authorization: vapid t=JWT, k=KEY` (RFC 8292): an ES256 JWT signed by the key named. */
async function verifyVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(fromBase64url(header).toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const publicKey = await crypto.subtle.importKey('raw', fromBase64url(key), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, fromBase64url(signature), new TextEncoder().encode(`${header}.${claims}`));
  if (!valid) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(fromBase64url(claims).toString()) as Received['claims'], key };
}

/**
 * A push service on loopback, as FCM or Mozilla's would be: it takes POST /push/ID, checks the
 * VAPID header and decrypts the aes128gcm body with the keys of the browser registered for ID.
 * `answer` sets the status of the next answers (a list is used up one by one, then 201).
 */
export async function localPushService() {
  const browsers = new Map<string, BrowserKeys>();
  const received: Received[] = [];
  const failures: string[] = [];
  const answers: number[] = [];
  let handled = 0;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const status = answers.shift() ?? 201;
    handled++;
    try {
      const browser = browsers.get(request.url!.replace('/push/', ''));
      if (!browser) throw new Error(`no subscription at ${request.url}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      const vapid = await verifyVapid(request.headers.authorization);
      if (status < 300) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
        received.push({ path: request.url!, headers: request.headers, ...vapid, message: JSON.parse(plain.toString('utf8')) });
      }
      response.writeHead(status).end();
    } catch (error) {
      failures.push((error as Error).message);
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    received,
    failures,
    /** How many pushes it was handed, whatever it answered. */
    handled: () => handled,
    answer: (...statuses: number[]) => answers.push(...statuses),
    /** A new browser subscribed at this service: its endpoint and the keys it would send the site. */
    subscribe(id: string = crypto.randomUUID()) {
      const browser = browserKeys();
      browsers.set(id, browser);
      return { endpoint: `http://${host}/push/${id}`, keys: browser.keys };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof localPushService>>;
