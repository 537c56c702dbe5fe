/**
 * Attack 1: erase a live enforcement report with "all clear" marks, or make a fake one look
 * confirmed, from one address with made-up device ids (the device id is chosen by the client, so
 * it proves nothing). The script pays every proof of work it is asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/common/contract/index.ts';
import { ENFORCEMENT_TYPE } from '../../src/common/contract/limits.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { paying } from '../paying.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const REPORTER = '198.51.100.7';
const ATTACKER = '203.0.113.9';
const report = { type: ENFORCEMENT_TYPE, activity: 'Checkpoint or traffic stop', city: 'Fresno', details: 'Checkpoint on Blackstone and Shields' };

async function postReport(): Promise<Alert> {
  const posted = await api.post('/api/alerts', report, { 'x-test-client-address': REPORTER });
  expect(posted.status).toBe(201);
  return (await posted.json()) as Alert;
}

const mark = (id: string, kind: 'confirm' | 'clear', from: string, device = crypto.randomUUID()) =>
  paying((headers) => api.post(`/api/alerts/${id}/marks`, { kind, device }, { 'x-test-client-address': from, ...headers }));

const listed = async (id: string) => (await api.get<Alert[]>(`/api/alerts?type=${encodeURIComponent(ENFORCEMENT_TYPE)}`)).find((alert) => alert.id === id);

describe('a hostile script against enforcement reports', () => {
  it('cannot erase a live report with "all clear" marks from many made-up devices', async () => {
    const alert = await postReport();
    for (let i = 0; i < 6; i++) expect((await mark(alert.id, 'clear', ATTACKER)).status).toBe(200);
    // Even from six networks: a public "all clear" is counted and shown, it never closes a report.
    for (let n = 1; n <= 6; n++) expect((await mark(alert.id, 'clear', `192.0.${n}.20`)).status).toBe(200);

    const still = await listed(alert.id);
    expect(still, 'the report is still listed').toBeDefined();
    expect(still!.allClears).toBe(7);
    expect(still!.details).toBe(report.details);
    const feed = await (await api.app.request('/api/alerts/feed.atom')).text();
    expect(feed).not.toContain('Cancel');
    expect(await api.count(`alert_closures`)).toBe(0);
  });

  it('cannot make a fake report "confirmed" from the reporter\'s network or with made-up devices, and counts are never "verified"', async () => {
    const alert = await postReport();
    // The reporter's own network, and one other network with two made-up devices.
    expect(await (await mark(alert.id, 'confirm', '198.51.100.8')).json()).toMatchObject({ counted: false, confirmations: 0 });
    await mark(alert.id, 'confirm', ATTACKER);
    expect(await (await mark(alert.id, 'confirm', '203.0.113.10')).json()).toMatchObject({ counted: false, confirmations: 1 });
    expect(await listed(alert.id)).toMatchObject({ confirmations: 1, confirmedByOthers: false, verified: false });

    // A second, independent network: confirmed by others, and still not "verified" (that word is for people the moderators trust).
    await mark(alert.id, 'confirm', '192.0.2.55');
    expect(await listed(alert.id)).toMatchObject({ confirmations: 2, confirmedByOthers: true, verified: false });
  });

  it('pays a proof of work for every mark, and a proof cannot be replayed', async () => {
    const alert = await postReport();
    const bare = await api.post(`/api/alerts/${alert.id}/marks`, { kind: 'confirm', device: crypto.randomUUID() }, { 'x-test-client-address': ATTACKER });
    expect(bare.status).toBe(428);
    let proof = '';
    await paying(async (headers) => {
      proof = headers['x-proof-of-work'] ?? '';
      return api.post(`/api/alerts/${alert.id}/marks`, { kind: 'confirm' }, { 'x-test-client-address': ATTACKER, ...headers });
    });
    const replayed = await api.post(`/api/alerts/${alert.id}/marks`, { kind: 'confirm' }, { 'x-test-client-address': '192.0.2.99', 'x-proof-of-work': proof });
    expect(replayed.status).toBe(428);
    expect(await listed(alert.id)).toMatchObject({ confirmations: 1 });
  });

  it('refuses a mark on an unknown or ended report before any work is asked, and changes nothing', async () => {
    const alert = await postReport();
    const unknown = await api.post(`/api/alerts/${crypto.randomUUID()}/marks`, { kind: 'clear' }, { 'x-test-client-address': ATTACKER });
    expect(unknown.status).toBe(404);
    api.clock.now += 5 * 3600_000;
    const ended = await api.post(`/api/alerts/${alert.id}/marks`, { kind: 'clear' }, { 'x-test-client-address': ATTACKER });
    expect(ended.status).toBe(404);
  });
});
