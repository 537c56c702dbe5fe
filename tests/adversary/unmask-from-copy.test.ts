/**
 * Attack: someone who takes a copy of the database (a seized disk, a stolen backup) tries to learn
 * who reported. A report is posted from 127.0.0.1 through the real app; the attacker then has
 * only `app.db` and its `-wal`, and the app's source. They try every value in the copy as the
 * keyed-hash secret, against the poster's address and network, to match what the rate limits
 * and the reports keep; they look for the Web Push private key to push to every subscriber.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test-app.ts';

const DAY = 24 * 3600 * 1000;
const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('hex');
const hmac = async (key: Uint8Array, message: string) =>
  crypto.subtle.sign('HMAC', await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']), encoder.encode(message));

/** Every keyed hash of `parts` the app's source could have made with `secret` on the day of `at`. */
async function hashesOf(secret: Uint8Array, at: number, parts: string[]): Promise<string[]> {
  const message = parts.join('\u0000');
  const out = [hex(await hmac(secret, message))];
  for (const day of [Math.floor(at / DAY) - 1, Math.floor(at / DAY), Math.floor(at / DAY) + 1])
    out.push(hex(await hmac(new Uint8Array(await hmac(secret, `day:${day}`)), message)));
  return out;
}

/** What a value in the copy could be used as: its text, and its bytes when it reads as hex or base64. */
function candidateSecrets(value: string): Uint8Array[] {
  const texts = [value];
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') texts.push(...Object.values(parsed).filter((part): part is string => typeof part === 'string'));
  } catch {
    // not JSON
  }
  return texts.flatMap((text) => [
    encoder.encode(text),
    ...(/^[0-9a-f]+$/i.test(text) && text.length % 2 === 0 ? [Buffer.from(text, 'hex')] : []),
    ...(/^[A-Za-z0-9_-]+$/.test(text) ? [Buffer.from(text, 'base64url')] : []),
  ]);
}

/** The base64url strings in the copy that could be a P-256 private scalar. */
const scalarsIn = (value: string) => [...value.matchAll(/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]);

/** Whether `d` is the private key of the public key `publicKey` (uncompressed, base64url). */
async function isPrivateKeyOf(d: string, publicKey: string): Promise<boolean> {
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', d, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  try {
    const signing = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    const verifying = await crypto.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const message = encoder.encode('push to every subscriber');
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signing, message);
    return await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifying, signature, message);
  } catch {
    return false;
  }
}

const normalized = (text: string | null) => (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

let api: TestApp;
let copy: string;
let publicKey: string;
beforeAll(async () => {
  api = await testApp();
  // A time with seconds and milliseconds, as real ones have.
  api.clock.now = Date.parse('2026-11-22T18:03:27.421Z');
  api.client.address = '127.0.0.1';
  ({ publicKey } = await api.get<{ publicKey: string }>('/api/push/key'));
  const response = await api.post(
    '/api/alerts',
    {
      type: 'Enforcement Activity',
      activity: 'Checkpoint or traffic stop',
      city: 'Fresno',
      area: 'Blackstone Ave',
      details: 'Agents stopping cars at the corner',
    },
    { origin: 'http://localhost' },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  copy = mkdtempSync(join(tmpdir(), 'fhr-seized-'));
  for (const suffix of ['', '-wal']) if (existsSync(`${api.store.file}${suffix}`)) copyFileSync(`${api.store.file}${suffix}`, join(copy, `app.db${suffix}`));
});
afterAll(() => {
  api.close();
  rmSync(copy, { recursive: true, force: true });
});

/** Every row of `table` in the seized copy. */
async function seized(query: string) {
  const client = createClient({ url: `file:${join(copy, 'app.db')}` });
  try {
    return (await client.execute(query)).rows;
  } finally {
    client.close();
  }
}

it('finds no secret in the copy: no rate-limit record, report fingerprint or mark ties back to 127.0.0.1 or its network', async () => {
  const events = await seized('select client_hash, action, at from rate_events');
  expect(events.length).toBeGreaterThan(0);
  const [report] = await seized('select id, type, city, area, details, fingerprint from alerts');
  const marks = await seized('select device_hash from alert_marks');
  const secrets = (await seized('select value from meta')).flatMap((row) => candidateSecrets(String(row.value)));
  const inputs = ['127.0.0.1', '127.0.0.0/24', '::ffff:127.0.0.1', '::ffff:127.0.0.0/120'];
  const stored = new Set([...events.map((row) => String(row.client_hash)), ...marks.map((row) => String(row.device_hash))]);

  const matched: string[] = [];
  for (const secret of secrets) {
    const at = Number(events[0]!.at);
    for (const input of inputs)
      for (const parts of [['client', input], [input], ['sms', input]])
        for (const hash of await hashesOf(secret, at, parts)) if (stored.has(hash)) matched.push(`${parts.join(' ')} under ${Buffer.from(secret).toString('hex').slice(0, 12)}…`);
    // The report's own fingerprint is made from its row: reproducing it proves the secret was in the copy.
    const fingerprint = await hashesOf(secret, at, [
      'alert',
      String(report!.type),
      normalized(String(report!.city)),
      normalized(String(report!.area)),
      normalized(String(report!.details)),
    ]);
    if (fingerprint.includes(String(report!.fingerprint))) matched.push(`the report's fingerprint under ${Buffer.from(secret).toString('hex').slice(0, 12)}…`);
  }
  expect(matched).toEqual([]);
});

it('keeps rate-limit times to the minute only, so they cannot be joined with a network log', async () => {
  const events = await seized('select at from rate_events');
  expect(events.map((row) => Number(row.at) % 60_000)).toEqual(events.map(() => 0));
});

it('holds no Web Push private key: the copy cannot sign for the server', async () => {
  const values = (await seized('select value from meta')).map((row) => String(row.value));
  const found: string[] = [];
  for (const value of values) for (const d of scalarsIn(value)) if (await isPrivateKeyOf(d, publicKey)) found.push(d.slice(0, 6));
  expect(found).toEqual([]);
});
