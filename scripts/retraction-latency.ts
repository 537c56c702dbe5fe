/**
 * How long a false alarm takes to reach the people a report reached: from a rapid responder's tap
 * (their POST) to the update's arrival at a push service and at an SMS gateway, both on loopback
 * (the push decrypted there). The app is the real one over a real libSQL file, with a responder
 * signed in by a software passkey, two numbers subscribed to texts in Fresno and two browsers to
 * its enforcement reports. Each run posts a new report, lets its alert go out, then calls it a
 * false alarm. The issue asks for 60 s.
 * Usage: npm run bench:retraction [-- 100]
 */
import { fileURLToPath } from 'node:url';
import type { Alert } from '../src/common/contract/index.ts';
import type { ResponderInvite } from '../src/common/contract/responders.ts';
import { createAdmin } from '../functions/middleware/admin-auth/index.ts';
import { softAuthenticator } from '../tests/authenticator.ts';
import { paying } from '../tests/paying.ts';
import { localPushService } from '../tests/push-service.ts';
import { fakeGateway } from '../tests/sms-gateway.ts';
import { testApp } from '../tests/test-app.ts';
import { subscribeTexts } from '../tests/text-codes.ts';

const ORIGIN = 'http://localhost';

export async function retractionFigures(runs: number) {
  const [gateway, service] = await Promise.all([fakeGateway(), localPushService()]);
  const api = await testApp({ smsGateway: { url: gateway.url, token: 'bench' }, push: { serviceHosts: [service.host], subject: 'mailto:bench@example.org' } });
  try {
    api.clock.now = Date.now();
    const send = (method: string, path: string, body?: unknown, cookie?: string) =>
      api.app.request(path, {
        method,
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;
    const { secret } = await createAdmin(api.store.db, 'Bench');
    const admin = cookieOf(await send('POST', '/api/admin/session', { name: 'Bench', secret }));
    const invite = (await (await send('POST', '/api/admin/responders', { name: 'Luz', network: 'Valley Rapid Response', counties: ['Fresno'] }, admin)).json()) as ResponderInvite;
    const token = invite.link.replace('/respond#invite=', '');
    const options = await (await send('POST', '/api/respond/invite/options', { token })).json();
    const responder = cookieOf(await send('POST', '/api/respond/invite/verify', { token, response: softAuthenticator(ORIGIN).create(options) }));
    for (const phone of ['5595550101', '5595550102']) await subscribeTexts(api, { phone, city: 'Fresno', lang: 'es' });
    for (const id of ['one', 'two']) await api.post('/api/push/subscriptions', { ...service.subscribe(id), lang: 'es', areas: ['Fresno'], topics: ['enforcement'] });
    await api.settle();

    const push: number[] = [];
    const text: number[] = [];
    /** When both services have had `count` updates, the time each got its last one. */
    const arrivals = (count: number) =>
      new Promise<{ push: number; text: number }>((resolve) => {
        const seen = { push: 0, text: 0 };
        const look = () => {
          const updates = gateway.received.filter((sent) => sent.body.startsWith('Actualización')).length;
          const pushed = service.received.filter((sent) => (sent.message as { title: string }).title === 'Actualización').length;
          if (updates >= count && !seen.text) seen.text = performance.now();
          if (pushed >= count && !seen.push) seen.push = performance.now();
          if (seen.text && seen.push) resolve(seen);
          else setImmediate(look);
        };
        look();
      });
    for (let run = 0; run < runs; run++) {
      // Many reports at once ask for a proof of work, which the bench pays as a phone would.
      const posted = await paying((headers) =>
        api.post(
          '/api/alerts',
          { type: 'Enforcement Activity', activity: 'Checkpoint or traffic stop', city: 'Fresno', details: `Checkpoint ${run}` },
          { 'x-test-client-address': `198.${18 + (run >> 8)}.${run & 255}.1`, ...headers },
        ),
      );
      if (posted.status !== 201) throw new Error(`The report was refused: ${await posted.text()}`);
      const report = (await posted.json()) as Alert;
      await api.settle();
      const expected = (run + 1) * 2;
      const tapped = performance.now();
      const acted = await send('POST', `/api/respond/reports/${report.id}`, { action: 'false-alarm' }, responder);
      if (acted.status !== 200) throw new Error(`The false alarm was refused: ${await acted.text()}`);
      const at = await arrivals(expected);
      push.push(at.push - tapped);
      text.push(at.text - tapped);
      await api.settle();
    }
    const percentile = (values: number[], p: number) =>
      Math.round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]! * 10) / 10;
    return {
      runs,
      pushP50Ms: percentile(push, 50),
      pushP95Ms: percentile(push, 95),
      textP50Ms: percentile(text, 50),
      textP95Ms: percentile(text, 95),
      withinTarget: Math.max(...push, ...text) <= 60_000,
    };
  } finally {
    api.close();
    await Promise.all([gateway.close(), service.close()]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table([await retractionFigures(Number(process.argv[2] ?? 100))]);
