import type { Client } from '@libsql/client';
import { smsOutbox } from '../db/schema.ts';
import { dataKey, open } from '../functions/domain/sealed.ts';
import type { TestApp } from './test-app.ts';

let clients = 0;

/**
 * The code in the last text queued for a (normalized) number in a database (the client reads it
 * as a thief could; the data key in base64url opens it, as the gateway's sender does).
 */
export async function codeTexted(client: Client, key: string, phone: string): Promise<string> {
  const opening = await dataKey(key);
  const { rows } = await client.execute('select phone, body from sms_outbox where alert_id is null order by rowid desc');
  for (const row of rows) {
    if ((await open(opening, smsOutbox.phone, String(row.phone))) !== phone) continue;
    const code = /\b(\d{6})\b/.exec(await open(opening, smsOutbox.body, String(row.body)));
    if (code) return code[1]!;
  }
  throw new Error(`No code was texted to ${phone}`);
}

/** The code the test app texted to a (normalized) number. */
export const textedCode = (api: TestApp, phone: string) => codeTexted(api.store.client, api.key, phone);

/**
 * Subscribes a number to text alerts as its owner does on the web: asks for a code, reads it in
 * the text queued for the number, and enters it; each time from an address of its own, so the
 * test's own rate limits are untouched. Answers the last response (the confirm's, 201, when all went well).
 */
export async function subscribeTexts(api: TestApp, request: { phone: string; city?: string | null; lang?: string; updates?: boolean }): Promise<Response> {
  const from = { 'x-test-client-address': `198.18.${Math.floor(++clients / 250)}.${(clients % 250) + 1}` };
  const asked = await api.post('/api/alert-subscriptions', request, from);
  if (asked.status !== 202) return asked;
  const { phone } = (await asked.json()) as { phone: string };
  return api.post('/api/alert-subscriptions/confirm', { phone, code: await textedCode(api, phone) }, from);
}

/** Stops a number's text alerts as its owner does on the web: asks for a stop code and enters it. Answers the last response. */
export async function stopTexts(api: TestApp, phone: string): Promise<Response> {
  const asked = await api.post('/api/alert-subscriptions/stop', { phone });
  if (asked.status !== 202) return asked;
  const { phone: normalized } = (await asked.json()) as { phone: string };
  return api.post('/api/alert-subscriptions/stop/confirm', { phone, code: await textedCode(api, normalized) });
}
