import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { UPLOAD_BYTES_IN_FLIGHT } from '../../../src/common/contract/limits.ts';
import { routeDeps } from '../../../tests/route-deps.ts';
import { bytesInFlight } from './index.ts';

const MiB = 1024 * 1024;
const { client: CLIENT, all: ALL } = UPLOAD_BYTES_IN_FLIGHT;

let setup: Awaited<ReturnType<typeof routeDeps>>;
beforeEach(async () => {
  setup = await routeDeps();
});
afterEach(() => setup.close());

/**
 * An upload route behind the cap whose handler holds each request until the test lets it go
 * (`x-fail` makes it throw instead), so the test decides what is on its way at once.
 */
function uploads(unannounced = 10 * MiB) {
  const waiting: (() => void)[] = [];
  let ran = 0;
  const app = new Hono().put('/', bytesInFlight(setup.deps, unannounced), async (c) => {
    ran++;
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (c.req.header('x-fail')) throw new Error('the upload broke off');
    return c.json({ ok: true });
  });
  app.onError((_error, c) => c.json({ error: { code: 'internal' } }, 500));
  /** Sends a request declaring `bytes` (none: no Content-Length) and waits until it is held or answered. */
  const send = async (bytes: number | null, address = '203.0.113.7', headers: Record<string, string> = {}) => {
    const before = ran;
    let answered = false;
    const answer = Promise.resolve(
      app.request('/', { method: 'PUT', headers: { 'x-test-client-address': address, ...(bytes === null ? {} : { 'content-length': String(bytes) }), ...headers } }),
    ).finally(() => (answered = true));
    while (!answered && ran === before) await new Promise((resolve) => setTimeout(resolve, 1));
    return { answer, refused: ran === before ? await answer : null };
  };
  return { send, release: () => waiting.splice(0).forEach((go) => go()), ran: () => ran };
}

it("refuses a client's upload past its bytes on their way (429, Retry-After), before its handler runs, and lets it in once they are in", async () => {
  const routes = uploads();
  const first = await routes.send(CLIENT / 2);
  const second = await routes.send(CLIENT / 2);
  expect([first.refused, second.refused]).toEqual([null, null]);
  const third = await routes.send(1);
  expect(third.refused?.status).toBe(429);
  expect(third.refused?.headers.get('retry-after')).toBe('5');
  expect(await third.refused?.json()).toEqual({ error: { code: 'uploads_in_flight', message: expect.any(String) } });
  expect(routes.ran()).toBe(2);
  // Another client has room of its own.
  expect((await routes.send(CLIENT / 2, '198.51.100.9')).refused).toBeNull();
  routes.release();
  expect((await first.answer).status).toBe(200);
  expect((await second.answer).status).toBe(200);
  expect((await routes.send(CLIENT)).refused).toBeNull();
  routes.release();
});

it('counts an IPv6 client by its /64', async () => {
  const routes = uploads();
  expect((await routes.send(CLIENT, '2001:db8:1:2::1')).refused).toBeNull();
  expect((await routes.send(1, '2001:db8:1:2::99')).refused?.status).toBe(429);
  expect((await routes.send(1, '2001:db8:1:3::1')).refused).toBeNull();
  routes.release();
});

it('frees the bytes of an upload that failed', async () => {
  const routes = uploads();
  const broken = await routes.send(CLIENT, undefined, { 'x-fail': '1' });
  routes.release();
  expect((await broken.answer).status).toBe(500);
  expect((await routes.send(CLIENT)).refused).toBeNull();
  routes.release();
});

it('caps all clients together (server_busy)', async () => {
  const routes = uploads();
  for (let n = 0; n < ALL / CLIENT; n++) expect((await routes.send(CLIENT, `198.51.100.${n + 1}`)).refused).toBeNull();
  const refused = (await routes.send(1, '192.0.2.1')).refused;
  expect(refused?.status).toBe(429);
  expect(await refused?.json()).toEqual({ error: { code: 'server_busy', message: expect.any(String) } });
  routes.release();
});

it('counts a request without Content-Length as the route says, and one larger than any upload as the whole room of its client', async () => {
  const routes = uploads(CLIENT / 2);
  expect((await routes.send(null)).refused).toBeNull();
  expect((await routes.send(null)).refused).toBeNull();
  expect((await routes.send(null)).refused?.status).toBe(429);
  routes.release();
  // Larger than the room: let through (its route answers 413 before reading it), holding the room meanwhile.
  expect((await routes.send(10 * CLIENT, '198.51.100.1')).refused).toBeNull();
  expect((await routes.send(1, '198.51.100.1')).refused?.status).toBe(429);
  expect((await routes.send(CLIENT, '198.51.100.2')).refused).toBeNull();
  routes.release();
});
