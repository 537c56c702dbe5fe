/**
 * Every write endpoint (tests/write-endpoints.ts), the admin desk's included, against generated
 * hostile bodies and, where a secret or an admin session guards it, requests without them, on a
 * real libSQL file: never a 5xx, every refusal in the one error shape, nothing stored from a
 * refused request, no session started by one, no prototype polluted, no server-side field set by
 * a client. `npm test` tries FUZZ_RUNS bodies an endpoint (100 by default, new ones each run);
 * `npm run fuzz` tries 10,000.
 */
import fc from 'fast-check';
import { readFileSync, existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectErrorShape, hostileAdminAccess, hostileAuthorization, hostileBodies, HOSTILE_KEYS, rowCounts, type HostileBody } from './hostile.ts';
import { paying } from './paying.ts';
import { testApp } from './test-app.ts';
import { textedCode } from './text-codes.ts';
import { WRITE_ENDPOINTS } from './write-endpoints.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const report: string[] = [];
afterAll(() => console.log(`Hostile input, ${RUNS} bodies an endpoint:\n${report.join('\n')}`));

/** How a request without an endpoint's credentials is refused: by the manage secret's check, or the admin API's session and CSRF checks. */
const REFUSED_WITHOUT = { 'manage secret': ['401 unauthorized', '403 forbidden'], admin: ['401 signed_out', '403 cross_site'] };

/** The body as the server reads it (UTF-8), parsed, or undefined when it is no JSON. */
function sent(body: HostileBody): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(typeof body.body === 'string' ? new TextEncoder().encode(body.body) : body.body));
  } catch {
    return undefined;
  }
}

describe.each(WRITE_ENDPOINTS)('$method $name', (endpoint) => {
  const without = { 'manage secret': ' and foreign secrets', admin: ' and requests without a session or from another site' };
  it(
    `refuses hostile bodies${endpoint.guarded ? without[endpoint.guarded] : ''} with a 4xx in the one shape and stores nothing from them`,
    async () => {
      const api = await testApp();
      try {
        const target = await endpoint.target({ ...api, textedCode: (phone) => textedCode(api, phone) });
        const valid = { ...endpoint.valid, ...target.extra };
        const seen = new Map<string, number>();
        let request = 0;
        let authorized = 0;
        let counts = await rowCounts(api);
        // Headers without what authorizes the call: another post's secret, or no admin session and
        // another site's Origin (or none) in every way a client can get them wrong.
        const foreign =
          endpoint.guarded === 'manage secret'
            ? hostileAuthorization.map((authorization) => ({ ...target.headers, authorization }))
            : endpoint.guarded === 'admin'
              ? hostileAdminAccess(target.headers ?? {})
              : undefined;
        const cases = fc.record({
          body: hostileBodies(valid),
          // A guarded endpoint also gets requests without its credentials, which must change nothing.
          // One that reads no body (a DELETE, an admin's hide or approve) would simply act with them,
          // whatever the body, so it only ever gets requests without them.
          access: !foreign ? fc.constant(undefined) : endpoint.bodyless ? foreign : fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: foreign, weight: 1 }),
        });
        await fc.assert(
          fc.asyncProperty(cases, async ({ body, access }: { body: HostileBody; access?: Record<string, string> }) => {
            request += 1;
            if (access === undefined) authorized += 1;
            // Each request from another address, so rate limits do not stand in for validation.
            api.client.address = `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`;
            const headers: Record<string, string> = { ...(access ?? target.headers), ...(body.contentType ? { 'content-type': body.contentType } : {}) };
            const response = await api.app.request(target.path, { method: endpoint.method, headers, body: body.body as BodyInit });
            const json = response.status === 204 ? null : await response.json();
            const key = `${response.status}${json?.error ? ` ${json.error.code}` : ''}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
            expect(response.status).toBeLessThan(500);
            // What a write does after its answer (a text to the poster) is done before anything is counted.
            await api.settle();
            const after = await rowCounts(api);
            if (response.status >= 400) {
              expectErrorShape(json);
              expect(after).toEqual(counts);
              // A refusal starts no session.
              expect(response.headers.get('set-cookie')).toBeNull();
            } else if (endpoint.mayTake) {
              expect(endpoint.mayTake(sent(body), valid), `${endpoint.name} took ${String(body.body).slice(0, 300)}`).toBe(true);
            }
            // Without its credentials, the guard refuses it before anything else is looked at.
            if (access !== undefined) expect(REFUSED_WITHOUT[endpoint.guarded!]).toContain(key);
            counts = after;
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        const histogram = [...seen].sort((a, b) => b[1] - a[1]);
        const share = foreign ? ` (${RUNS - authorized} of ${RUNS} without credentials)` : '';
        report.push(`  ${endpoint.method} ${endpoint.name}${share}: ${histogram.map(([key, n]) => `${key} x${n}`).join(', ')}`);
        // Most bodies sent with the endpoint's credentials must get past the door (content type,
        // size, JSON syntax) to the contract's checks. An endpoint that reads no body has no door:
        // its requests all went to the guard, as checked above.
        if (!endpoint.bodyless) {
          const atTheDoor = ['415 unsupported_media_type', '413 payload_too_large', '400 invalid_json'].reduce((sum, key) => sum + (seen.get(key) ?? 0), 0);
          expect(1 - atTheDoor / authorized).toBeGreaterThan(0.6);
        }
        expect(histogram.some(([key]) => key.startsWith('5'))).toBe(false);
      } finally {
        api.close();
      }
    },
    Math.max(30_000, RUNS * 30),
  );
});

it('takes no server-side field from a client: ids, status, sample flag, secrets, counts and times stay the server’s (or an admin’s own action’s)', async () => {
  const api = await testApp();
  try {
    const MARKER = 'mass-assignment-marker';
    // (An endpoint that takes a file has no JSON fields to inject.)
    for (const endpoint of WRITE_ENDPOINTS.filter((e) => e.method === 'POST' && !e.file)) {
      const target = await endpoint.target({ ...api, textedCode: (phone) => textedCode(api, phone) });
      const injected = Object.fromEntries(HOSTILE_KEYS.filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key)).map((key) => [key, MARKER]));
      const body = `{"__proto__":{"isSample":true,"status":"${MARKER}","verified":true,"hidden":true},${JSON.stringify({ ...injected, ...endpoint.valid, ...target.extra }).slice(1)}`;
      api.client.address = `192.0.2.${WRITE_ENDPOINTS.indexOf(endpoint)}`;
      const send = (proof: Record<string, string>) =>
        api.app.request(target.path, { method: 'POST', headers: { ...target.headers, ...proof, 'content-type': 'application/json' }, body });
      const response = endpoint.pays ? await paying(send) : await send({});
      expect([200, 201, 202], endpoint.name).toContain(response.status);
      expect(JSON.stringify(await response.json()), endpoint.name).not.toContain(MARKER);
    }
    api.store.client.close();
    for (const file of [api.store.file, `${api.store.file}-wal`].filter(existsSync)) expect(readFileSync(file).includes(MARKER)).toBe(false);
    const reopened = await import('../db/client.ts').then(({ openDatabase }) => openDatabase(`file:${api.store.file}`));
    const count = async (query: string) => Number((await reopened.client.execute(query)).rows[0]!.n);
    for (const table of ['lost_found_posts', 'alerts', 'resources', 'jobs', 'assistance_requests', 'surplus_offers', 'drops']) {
      expect(await count(`select count(*) as n from ${table} where is_sample = 1`), table).toBe(0);
    }
    // Listed, verified, hidden or handled only by an admin's own action on that row, which the
    // audit log names: an admin's own job or resource is live at once, verifying publishes a resource.
    const byAdmin: [string, string, string[]][] = [
      ['resources', "status != 'pending' or verified = 1", ['resource.create', 'resource.verify']],
      ['jobs', "status != 'pending'", ['job.create', 'job.approve']],
      ['alerts', 'admin_verified = 1 or hidden = 1', ['alert.verify', 'alert.hide']],
      ['lost_found_posts', 'hidden = 1', ['lost-found.hide']],
      ['lost_found_notes', 'hidden = 1', ['lost-found-note.hide']],
      ['assistance_requests', 'hidden = 1', ['help-requests.hide']],
      ['surplus_offers', 'hidden = 1', ['help-offers.hide']],
      ['sos_requests', 'handled = 1', ['sos.handled']],
    ];
    for (const [table, changed, actions] of byAdmin) {
      const audited = `select target_id from audit_log where action in (${actions.map((action) => `'${action}'`).join(', ')})`;
      expect(await count(`select count(*) as n from ${table} where (${changed}) and id not in (${audited})`), table).toBe(0);
    }
    // And the admin rows did act: a job and a resource posted and one of each approved, a report verified, a request handled.
    expect(await count("select count(*) as n from jobs where status = 'approved'")).toBe(2);
    expect(await count("select count(*) as n from resources where status = 'published' and verified = 1")).toBe(2);
    expect(await count('select count(*) as n from alerts where admin_verified = 1')).toBe(1);
    expect(await count('select count(*) as n from sos_requests where handled = 1')).toBe(1);
    reopened.client.close();
  } finally {
    api.close();
  }
}, 30_000);
