import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestFrom, sameSiteWrites } from './index.ts';

/** A small API behind the door, counting the requests that reached a handler. */
function behindTheDoor(publicHost?: string) {
  const reached: string[] = [];
  const app = new Hono().basePath('/api');
  app.use(sameSiteWrites('https://weather.example', publicHost));
  app.all('*', (c) => {
    reached.push(`${c.req.method} ${c.req.path}`);
    return c.json({ ok: true });
  });
  const send = (method: string, headers: Record<string, string>, path = '/api/alerts') =>
    app.request(`http://localhost:4321${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    });
  return { reached, send };
}

const CROSS = { 'sec-fetch-site': 'cross-site', origin: 'https://busy-news.example' };

describe('a write from another site', () => {
  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain is no page of ours)', { 'sec-fetch-site': 'same-site' }],
    ["another host's Origin", { origin: 'https://busy-news.example' }],
    ['another port of our host', { origin: 'http://localhost:8080' }],
    ['our Origin, but a browser saying cross-site', { origin: 'http://localhost:4321', 'sec-fetch-site': 'cross-site' }],
  ])('is refused 403 cross_site, and nothing runs: %s', async (_who, headers) => {
    const door = behindTheDoor();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await door.send(method, headers);
      expect(response.status, method).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'cross_site', message: expect.any(String) } });
    }
    expect(door.reached).toEqual([]);
  });
});

describe('what goes through', () => {
  it('a read, from anywhere', async () => {
    const door = behindTheDoor();
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect((await door.send(method, CROSS)).status, method).toBe(200);
    expect(door.reached).toEqual(['GET /api/alerts', 'HEAD /api/alerts', 'OPTIONS /api/alerts']);
  });

  it.each([
    ['our page (same-origin; no-referrer makes its Origin null)', { 'sec-fetch-site': 'same-origin', origin: 'null' }],
    ['our Origin', { origin: 'http://localhost:4321' }],
    ['our host behind a proxy that ends TLS', { origin: 'https://localhost:4321' }],
    ['a typed address or bookmark (Sec-Fetch-Site none)', { 'sec-fetch-site': 'none' }],
    ['an old browser on our page (Origin null alone)', { origin: 'null' }],
    ['curl or a server (neither header)', {}],
  ])('a write from %s', async (_who, headers) => {
    const door = behindTheDoor();
    expect((await door.send('POST', headers)).status).toBe(200);
    expect(door.reached).toEqual(['POST /api/alerts']);
  });

  it('a write from the configured public host, when a proxy rewrote the Host', async () => {
    expect((await behindTheDoor().send('POST', { origin: 'https://findhelpreunite.example' })).status).toBe(403);
    const door = behindTheDoor('FindHelpReunite.example');
    expect((await door.send('POST', { origin: 'https://findhelpreunite.example', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(door.reached).toHaveLength(1);
  });

  it("the SMS provider's webhook, and only it, from a server elsewhere", async () => {
    const door = behindTheDoor();
    expect((await door.send('POST', CROSS, '/api/sms/inbound')).status).toBe(200);
    expect((await door.send('POST', CROSS, '/api/sms/inbound-other')).status).toBe(403);
    expect(door.reached).toEqual(['POST /api/sms/inbound']);
  });
});

describe('requestFrom', () => {
  const from = async (headers: Record<string, string>, publicHost?: string) => {
    const app = new Hono().post('/', (c) => c.text(requestFrom(c, publicHost)));
    return (await app.request('http://localhost:4321/', { method: 'POST', headers })).text();
  };

  it('tells here, elsewhere and unsaid apart', async () => {
    expect(await from({ 'sec-fetch-site': 'same-origin' })).toBe('here');
    expect(await from({ origin: 'http://localhost:4321' })).toBe('here');
    expect(await from({ origin: 'https://site.example' }, 'site.example')).toBe('here');
    expect(await from({ 'sec-fetch-site': 'same-site' })).toBe('elsewhere');
    expect(await from({ origin: 'not a url' })).toBe('elsewhere');
    expect(await from({ origin: 'null' })).toBe('unsaid');
    expect(await from({ 'sec-fetch-site': 'none' })).toBe('unsaid');
    expect(await from({})).toBe('unsaid');
  });
});
