/**
 * Every public write endpoint (tests/write-endpoints.ts) against generated hostile bodies, on a
 * real libSQL file: never a 5xx, every refusal in the one error shape, nothing stored from a
 * refused body, no prototype polluted, no server-side field set by a client. `npm test` tries
 * FUZZ_RUNS bodies an endpoint (300 by default); `npm run fuzz` tries 10,000.
 */
import fc from 'fast-check';
import { readFileSync, existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectErrorShape, hostileAuthorization, hostileBodies, HOSTILE_KEYS, rowCounts, type HostileBody } from '../tests/hostile.ts';
import { testApp } from '../tests/test-app.ts';
import { WRITE_ENDPOINTS } from '../tests/write-endpoints.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const report: string[] = [];
afterAll(() => console.log(`Hostile input, ${RUNS} bodies an endpoint:\n${report.join('\n')}`));

describe.each(WRITE_ENDPOINTS)('$method $name', (endpoint) => {
  it(`refuses hostile bodies${endpoint.guarded ? ' and foreign secrets' : ''} with a 4xx in the one shape and stores nothing from them`, async () => {
    const api = await testApp();
    try {
      const target = await endpoint.target(api);
      const valid = { ...endpoint.valid, ...target.extra };
      const seen = new Map<string, number>();
      let request = 0;
      let counts = await rowCounts(api);
      const cases = fc.record({
        body: hostileBodies(valid),
        // A manage endpoint also gets requests without the post's secret, which must change nothing.
        // A DELETE with the secret would simply delete, so it only ever gets foreign ones.
        authorization: !endpoint.guarded
          ? fc.constant(undefined)
          : endpoint.method === 'DELETE'
            ? hostileAuthorization
            : fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: hostileAuthorization, weight: 1 }),
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ body, authorization }: { body: HostileBody; authorization?: string }) => {
          request += 1;
          // Each request from another address, so rate limits do not stand in for validation.
          api.client.address = `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`;
          const headers: Record<string, string> = { ...target.headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) };
          if (authorization !== undefined) headers.authorization = authorization;
          const response = await api.app.request(target.path, { method: endpoint.method, headers, body: body.body as BodyInit });
          const json = response.status === 204 ? null : await response.json();
          const key = `${response.status}${json?.error ? ` ${json.error.code}` : ''}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          const after = await rowCounts(api);
          if (response.status >= 400) {
            expectErrorShape(json);
            expect(after).toEqual(counts);
          }
          if (authorization !== undefined) expect(response.status).toBeGreaterThanOrEqual(400);
          counts = after;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const histogram = [...seen].sort((a, b) => b[1] - a[1]);
      report.push(`  ${endpoint.method} ${endpoint.name}: ${histogram.map(([key, n]) => `${key} x${n}`).join(', ')}`);
      // Most bodies must get past the door (content type, size, JSON syntax) to the contract's
      // checks or the manage secret's.
      const atTheDoor = ['415 unsupported_media_type', '413 payload_too_large', '400 invalid_json'].reduce((sum, key) => sum + (seen.get(key) ?? 0), 0);
      expect(1 - atTheDoor / RUNS).toBeGreaterThan(0.6);
      expect(histogram.some(([key]) => key.startsWith('5'))).toBe(false);
    } finally {
      api.close();
    }
  }, Math.max(30_000, RUNS * 30));
});

it('takes no server-side field from a client: ids, status, sample flag, secrets, counts and times stay the server’s', async () => {
  const api = await testApp();
  try {
    const MARKER = 'mass-assignment-marker';
    for (const endpoint of WRITE_ENDPOINTS.filter((e) => e.method === 'POST')) {
      const target = await endpoint.target(api);
      const injected = Object.fromEntries(HOSTILE_KEYS.filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key)).map((key) => [key, MARKER]));
      const body = `{"__proto__":{"isSample":true,"status":"${MARKER}","verified":true},${JSON.stringify({ ...injected, ...endpoint.valid, ...target.extra }).slice(1)}`;
      api.client.address = `192.0.2.${WRITE_ENDPOINTS.indexOf(endpoint)}`;
      const response = await api.app.request(target.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect([200, 201], endpoint.name).toContain(response.status);
      expect(JSON.stringify(await response.json()), endpoint.name).not.toContain(MARKER);
    }
    api.store.client.close();
    for (const file of [api.store.file, `${api.store.file}-wal`].filter(existsSync)) expect(readFileSync(file).includes(MARKER)).toBe(false);
    const reopened = await import('../db/client.ts').then(({ openDatabase }) => openDatabase(`file:${api.store.file}`));
    for (const table of ['lost_found_posts', 'alerts', 'resources', 'jobs', 'assistance_requests', 'surplus_offers']) {
      expect((await reopened.client.execute(`select count(*) as n from ${table} where is_sample = 1`)).rows[0]!.n, table).toBe(0);
    }
    expect((await reopened.client.execute("select count(*) as n from resources where status != 'pending'")).rows[0]!.n).toBe(0);
    expect((await reopened.client.execute("select count(*) as n from jobs where status != 'pending'")).rows[0]!.n).toBe(0);
    reopened.client.close();
  } finally {
    api.close();
  }
});
