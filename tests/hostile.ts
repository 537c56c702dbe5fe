/**
 * Hostile input for the API: fast-check generators of bad bodies, and the checks every refusal
 * must pass. Used by tests/hostile-input.test.ts (and, at full size, `npm run fuzz`).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Strings that broke other apps: unicode edge cases, markup, paths, numbers in disguise. */
export const HOSTILE_STRINGS = [
  '',
  ' \t\n ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy\uDC00',
  '\u202Eevil\u202C.jpg',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFFFF\uFFFE',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE alerts;--",
  '../../../etc/passwd',
  '/images/../../data/app.db',
  '/images/community-assistance/assistance-requests/00000000-0000-4000-8000-000000000000',
  'javascript:alert(1)',
  '\r\n\r\nX-Injected: 1',
  '__proto__',
  'constructor',
  'x'.repeat(2001),
  'é'.repeat(5001),
  '1e309',
  'NaN',
  '9999-99-99',
  '2026-02-30',
  '+1 (559) 555-0100 ext. 9999999999999999999',
] as const;

/** Keys that try prototype pollution or set what only the server may set. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'status',
  'isSample',
  'sample',
  'manageHash',
  'manageToken',
  'createdAt',
  'expiresAt',
  'verified',
  'confirmations',
  'allClears',
  'fingerprint',
  'stored',
  'attached',
  'lat',
  'lng',
  'dropId',
  // What only the admin desk sets, or derives (a resource's public category from its admin one).
  'hidden',
  'adminVerified',
  'handled',
  'handledAt',
  'category',
  'volunteers',
  'adminId',
  'secretHash',
  'tokenHash',
];

const text = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 3000 }), weight: 1 },
);

/** An array nested `depth` deep, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A JSON value as text: any type, hostile strings, deep nesting. */
const value: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: text.map((s) => JSON.stringify(s)), weight: 5 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308)).map((n) => JSON.stringify(n) ?? 'null'), weight: 2 },
  { arbitrary: fc.constantFrom('true', 'false', 'null', '{}', '[]', '1e999', '-0'), weight: 2 },
  { arbitrary: fc.array(text, { maxLength: 8 }).map((items) => JSON.stringify(items)), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => JSON.stringify(json)), weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 30_000 }).map(nested), weight: 1 },
  { arbitrary: fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'), weight: 1 },
);

/** A JSON object as text whose entries are written as given, so `__proto__` stays an own key. */
const objectText = (entries: Array<[string, string]>) => `{${entries.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;

export interface HostileBody {
  body: string | Uint8Array;
  contentType?: string;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html',
  'application/json-patch+json',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
];

/**
 * Bad bodies for an endpoint whose accepted body is `valid`: the sample with fields removed,
 * retyped or added (hostile keys among them), any JSON value, text that is no JSON, raw bytes,
 * deep nesting, bodies over the size cap, and other or no content types.
 */
export function hostileBodies(valid: Record<string, unknown>): fc.Arbitrary<HostileBody> {
  const keys = Object.keys(valid);
  const mutated = fc
    .record({
      dropped: fc.subarray(keys),
      changed: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys, ...HOSTILE_KEYS), fc.string({ maxLength: 20 })), value), { minLength: 1, maxLength: 4 }),
    })
    .map(({ dropped, changed }) => {
      const entries = new Map(
        Object.entries(valid)
          .filter(([key]) => !dropped.includes(key))
          .map(([key, v]) => [key, JSON.stringify(v)] as [string, string]),
      );
      for (const [key, json] of changed) entries.set(key, json);
      return objectText([...entries]);
    });
  const json = fc.oneof(
    { arbitrary: mutated, weight: 20 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 500 }), weight: 1 },
    { arbitrary: fc.integer({ min: 1000, max: 30_000 }).map(nested), weight: 1 },
    { arbitrary: fc.constantFrom(`${JSON.stringify(valid).slice(0, -1)}`, `${JSON.stringify(valid)}garbage`, '{"a":1,"a":2', '\uFEFF{}', '', 'null'), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: json.map((body) => ({ body, contentType: 'application/json' })), weight: 24 },
    { arbitrary: fc.uint8Array({ maxLength: 2000 }).map((body) => ({ body, contentType: 'application/json' })), weight: 1 },
    {
      arbitrary: fc.constant({
        body: objectText([['padding', JSON.stringify('x'.repeat(70_000))], ...Object.entries(valid).map(([k, v]) => [k, JSON.stringify(v)] as [string, string])]),
        contentType: 'application/json',
      }),
      weight: 1,
    },
    { arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.constant(JSON.stringify(valid))).map(([contentType, body]) => ({ body, contentType })), weight: 1 },
    { arbitrary: fc.constant({ body: JSON.stringify(valid) }), weight: 1 },
  );
}

/** Authorization headers that are not a post's secret. */
export const hostileAuthorization = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${'A'.repeat(43)}`,
    `Bearer ${'A'.repeat(101)}`,
    'Bearer ../../etc/passwd',
    'bearer lowercase-but-long-enough-0123',
  ),
  // What an HTTP client can send: no control characters.
  fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((s) => `Bearer ${s.replace(/[\x00-\x1f\x7f]/g, '')}`),
);

/** Text an HTTP client can send in a header: no control characters. */
const headerText = (maxLength: number) => fc.string({ unit: 'binary-ascii', maxLength }).map((s) => s.replace(/[\x00-\x1f\x7f]/g, ''));

/**
 * Admin requests that lack what authorizes them, given the headers that do (`origin`, and
 * `cookie` where a session is needed): the session from a request that names no Origin, another
 * site's, or says it is cross-site; and this site's request with no session cookie, a forged one,
 * garbage, or the real token altered or under another cookie name.
 */
export function hostileAdminAccess(authorized: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const { origin, cookie } = authorized;
  if (!origin) throw new Error('an admin request is authorized by an Origin');
  const ours = (value: string) => URL.canParse(value) && new URL(value).host === new URL(origin).host;
  const session: Record<string, string> = cookie ? { cookie } : {};
  const wrongOrigin = fc
    .oneof(
      fc.constantFrom(
        'https://evil.example',
        'null',
        '',
        `${origin}.evil.example`,
        `${origin}@evil.example`,
        `${origin}:8443`,
        'http://127.0.0.1',
        'file://',
        new URL(origin).host,
      ),
      headerText(60),
    )
    .filter((value) => !ours(value));
  const fromElsewhere = fc.oneof(
    fc.constant(session),
    wrongOrigin.map((value) => ({ ...session, origin: value })),
    fc.constantFrom('cross-site', 'same-site', 'none', 'SAME-ORIGIN', 'same-origin, cross-site').map((site) => ({ ...session, 'sec-fetch-site': site })),
    fc.constantFrom('cross-site', 'same-site').map((site) => ({ ...session, origin, 'sec-fetch-site': site })),
  );
  if (!cookie) return fromElsewhere;
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const notOurs = fc.oneof(
    fc.constantFrom(
      '',
      '__Host-admin=',
      `admin=${token}`,
      `__Secure-admin=${token}`,
      `__host-admin=${token}`,
      `__Host-admin=${token}x`,
      `__Host-admin=${token.slice(0, -1)}`,
      `__Host-admin=${token.slice(1)}${token[0]}`,
      `__Host-admin=${token.repeat(3)}`,
      '__Host-admin=%',
      '__Host-admin=%E0%A4%A',
      '__Host-admin="',
      '__Host-admin=a; __Host-admin=b',
    ),
    fc.base64String({ minLength: 40, maxLength: 48 }).map((forged) => `__Host-admin=${forged.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`),
    headerText(200).map((value) => `__Host-admin=${value}`),
    headerText(200),
  );
  return fc.oneof(
    fromElsewhere,
    fc.constant({ origin }),
    notOurs.map((value) => ({ origin, cookie: value })),
  );
}

/** The one error shape, `{ error: { code, message, fields? } }`, and nothing else. */
export function expectErrorShape(json: unknown) {
  expect(json).toEqual({
    error: expect.objectContaining({ code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) }),
  });
  const { code, message, fields, challenge, ...rest } = (json as { error: { code: string; message: string; fields?: unknown; challenge?: { signature?: unknown } } }).error;
  expect(rest).toEqual({});
  // Only a "solve this" answer (or a client past its limit) carries a proof-of-work challenge, signed.
  if (challenge !== undefined) {
    expect(['proof_required', 'rate_limited']).toContain(code);
    expect(typeof challenge.signature).toBe('string');
  }
  expect(message.length).toBeGreaterThan(0);
  if (fields !== undefined) {
    expect(typeof fields).toBe('object');
    for (const field of Object.values(fields as object)) expect(typeof field).toBe('string');
  }
}

/** How many rows each table holds now (the rate-limit log and the key store aside). */
export async function rowCounts(api: TestApp): Promise<Record<string, number>> {
  const tables = (
    await api.store.client.execute(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%drizzle%' and name not in ('rate_events', 'meta')",
    )
  ).rows.map((row) => String(row.name));
  const [counts] = (await api.store.client.execute(`select ${tables.map((table) => `(select count(*) from "${table}") as "${table}"`).join(', ')}`)).rows;
  return Object.fromEntries(tables.map((table) => [table, Number(counts![table])]));
}
