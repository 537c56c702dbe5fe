import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql';
import { expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as schema from '../../db/schema.ts';
import { openDatabase } from '../../db/client.ts';
import { createApp } from '../../functions/app.ts';
import { dataKey, newDataKey } from '../../functions/domain/sealed.ts';
import { fileMediaStore } from '../../functions/hosts/node/file-store.ts';
import { POW_HEADER, type PowChallenge } from '../../src/common/contract/index.ts';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { startLibsqlHttpServer } from '../libsql-http-server.ts';
import { fakeGateway } from '../sms-gateway.ts';

it('over a database reached by HTTP, a burst passes messagePerPost (lost-found) and (help answers)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'adv-'));
  const file = join(folder, 'app.db');
  (await openDatabase(`file:${file}`)).client.close();
  const server = await startLibsqlHttpServer(file);
  const gateway = await fakeGateway();
  const deferred: Promise<unknown>[] = [];
  const client = createClient({ url: server.url });
  const app = createApp({
    db: drizzle(client, { schema }),
    dataKey: dataKey(newDataKey()),
    media: fileMediaStore(join(folder, 'media')),
    publish: () => undefined,
    watching: () => 0,
    clientAddress: (c) => c.req.header('x-test-client-address') ?? '203.0.113.7',
    defer: (w) => deferred.push(w),
    config: { smsGateway: { url: gateway.url, token: 't' } },
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const proof = async () => {
    const challenge = (await (await app.request('/api/pow/challenge?for=message')).json()) as PowChallenge;
    return btoa(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) }));
  };
  const record = (await (await post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: '(559) 555-0142' })).json()) as { id: string };
  const N = 40;
  const proofs = await Promise.all(Array.from({ length: N }, proof));
  const answers = await Promise.all(proofs.map((p, n) => post(`/api/lost-found/${record.id}/messages`, { name: 'a', message: `m${n}` }, { 'x-test-client-address': `10.${n}.0.1`, [POW_HEADER]: p })));
  const request = (await (
    await post('/api/assistance-requests', { title: 'Ride', description: 'x', category: 'Transportation', urgency: 'High', city: 'Salinas', contactName: 'M', contactMethod: '(831) 555-0119' })
  ).json()) as { id: string };
  const helps = await Promise.all(
    Array.from({ length: N }, (_, n) =>
      post('/api/assistance-responses', { responderName: 'L', responderContact: 'x', message: `m${n}`, responseType: 'offer_help', requestId: request.id }, { 'x-test-client-address': `10.${n}.0.9` }),
    ),
  );
  await Promise.all(deferred.splice(0));
  const lf = answers.filter((a) => a.status === 201).length;
  const hp = helps.filter((a) => a.status === 201).length;
  console.log('lost-found accepted', lf, 'texts', gateway.to('+15595550142').length, '| help accepted', hp, 'texts', gateway.to('+18315550119').length, '| limit', RATE_LIMITS.messagePerPost.limit);
  client.close();
  await server.close();
  await gateway.close();
  rmSync(folder, { recursive: true, force: true });
  expect(Math.max(lf, hp)).toBeGreaterThan(RATE_LIMITS.messagePerPost.limit);
}, 120_000);
