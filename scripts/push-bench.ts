/**
 * Hands one push to each of 10,000 subscriptions (the figure) as an alert going public
 * does: read from a real libSQL file in batches, encrypted and VAPID-signed one by one, sent
 * PUSH_CONCURRENCY at a time to a push service on loopback that checks every signature and
 * decrypts every body (in this same process, so its work counts against the time). Reports the
 * time, the rate and the peak resident memory, sampled every 20 ms.
 * `npm run bench` takes the same figures as its `push` part.
 * Usage: npm run bench:push [-- 10000]
 */
import { fileURLToPath } from 'node:url';
import { pushSubscriptions } from '../db/schema.ts';
import { dataKey, newDataKey, sealer } from '../functions/domain/sealed.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../functions/outbound/push-hosts.ts';
import { pushEvent, vapidKeys } from '../functions/outbound/push.ts';
import { PUSH_CONCURRENCY } from '../src/common/contract/limits.ts';
import { localPushService } from '../tests/push-service.ts';
import { tempDatabase } from '../tests/temp-db.ts';

/** The target: every push handed over within this time. */
export const PUSH_TARGET_MS = 60_000;

export async function pushFigures(count: number) {
  const service = await localPushService();
  const store = await tempDatabase();
  try {
    const createdAt = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      ...service.subscribe(String(i).padStart(6, '0')),
      areas: [],
      topics: ['alerts'],
      lang: i % 2 ? 'es' : 'en',
      createdAt,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await store.db.insert(pushSubscriptions).values(rows.slice(i, i + 500).map(({ endpoint, keys, ...row }) => ({ endpoint, ...keys, ...row })));
    }
    const sender = { hosts: [...DEFAULT_PUSH_SERVICE_HOSTS, service.host], keys: vapidKeys(sealer(store.db, dataKey(newDataKey()))), subject: 'mailto:bench@example.org' };
    await sender.keys();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const tally = await pushEvent(store.db, sender, { event: 'emergency-alert', data: { id: 'bench', type: 'Community Notice', city: 'Fresno', details: 'Bench' } });
    const ms = Math.round(performance.now() - started);
    clearInterval(sampler);
    if (tally.sent !== count || service.received.length !== count || service.failures.length) {
      throw new Error(`Pushed ${JSON.stringify(tally)}; the service decrypted ${service.received.length}, refused ${service.failures.slice(0, 3).join('; ')}`);
    }
    return {
      pushes: count,
      concurrency: PUSH_CONCURRENCY,
      seconds: Number((ms / 1000).toFixed(1)),
      perSecond: Math.round((count / ms) * 1000),
      withinTarget: ms <= PUSH_TARGET_MS,
      peakRssMb: Math.round(peak / 1024 / 1024),
      rssGrowthMb: Math.round((peak - baseline) / 1024 / 1024),
    };
  } finally {
    store.close();
    await service.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table([await pushFigures(Number(process.argv[2] ?? 10_000))]);
