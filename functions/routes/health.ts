import { and, eq, lt, min, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import packageJson from '../../package.json' with { type: 'json' };
import { smsOutbox } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { MAX_SMS_ATTEMPTS } from '../outbound/sms.ts';

/** A part that has not answered within this long is reported failing, so a monitor's call never hangs. */
const CHECK_TIMEOUT_MS = 6000;

/** The checked parts, in the order a report names them. */
const PARTS = ['database', 'media', 'liveRoom'] as const;

/** What GET /api/health answers. */
export interface HealthReport {
  status: 'ok' | 'failing';
  /** The parts that failed their check; none when status is ok. */
  failing: (typeof PARTS)[number][];
  /** Seconds the oldest text still waiting to be sent has waited; null when none waits. */
  outboxAgeSeconds: number | null;
  /** The app's version (package.json). */
  version: string;
}

/**
 * GET /api/health, for an uptime monitor: 200 when every part works, 503 naming the parts that do
 * not. Each part is really exercised: the database commits a write that leaves nothing (a row
 * put in `meta` and deleted in one batch), so it needs the write lock and a writable file, and
 * waits for a lock held elsewhere as long as a post would; the media store stores and deletes a two-byte file; the live room is asked how many
 * pages listen. It also tells the age of the oldest text still waiting in the outbox, and the
 * version. No personal data: why a part failed goes to the server's log only. Calls that come
 * while a check runs share its answer, so a flood of them costs one check.
 */
export function healthRoutes(deps: RouteDeps) {
  let running: Promise<{ report: HealthReport; healthy: boolean }> | null = null;

  const within = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))]);

  const checks: Record<(typeof PARTS)[number], () => Promise<unknown>> = {
    database: async () => {
      const health = sql`'health-check'`;
      await deps.db.batch([
        deps.db.run(sql`insert or replace into meta (key, value) values (${health}, ${new Date(deps.now()).toISOString()})`),
        deps.db.run(sql`delete from meta where key = ${health}`),
      ]);
    },
    media: async () => {
      const key = `health/${crypto.randomUUID()}`;
      await deps.media.put(key, new TextEncoder().encode('ok'), 'text/plain', 2);
      await deps.media.delete(key);
    },
    liveRoom: async () => deps.watching(),
  };

  async function check() {
    const results = await Promise.allSettled(PARTS.map((part) => within(checks[part]())));
    const failing = PARTS.filter((part, index) => {
      const result = results[index]!;
      if (result.status === 'rejected') console.error(`Health check: the ${part} is failing: ${(result.reason as Error).message}`);
      return result.status === 'rejected';
    });
    const [oldest] = await deps.db
      .select({ createdAt: min(smsOutbox.createdAt) })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'queued'), lt(smsOutbox.attempts, MAX_SMS_ATTEMPTS)))
      .catch(() => [{ createdAt: null }]);
    const report: HealthReport = {
      status: failing.length ? 'failing' : 'ok',
      failing,
      outboxAgeSeconds: oldest?.createdAt ? Math.max(0, Math.round((deps.now() - Date.parse(oldest.createdAt)) / 1000)) : null,
      version: packageJson.version,
    };
    return { report, healthy: failing.length === 0 };
  }

  return new Hono().get('/', async (c) => {
    running ??= check().finally(() => (running = null));
    const { report, healthy } = await running;
    c.header('cache-control', 'no-store');
    return c.json(report, healthy ? 200 : 503);
  });
}
