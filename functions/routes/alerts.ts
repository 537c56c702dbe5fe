import { Hono, type Context } from 'hono';
import { and, eq, gt, sql } from 'drizzle-orm';
import { alertInput, markInput } from '../../src/common/contract/index.ts';
import { ENFORCEMENT_TYPE, PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { alertMarks, alerts } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { markerOf, postAlert } from '../domain/alerts.ts';
import { toAlert } from '../domain/mappers.ts';
import { countyQuery } from '../domain/places.ts';
import { sweepSometimes } from '../domain/retention.ts';
import { recentTallies, tally } from '../domain/tallies.ts';
import { newestFirst } from '../domain/time.ts';
import { apiError, createdBefore, jsonBody, pageSize, type WithBody } from '../http/answers.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

/**
 * GET/POST /api/alerts and POST /api/alerts/:id/marks: community alerts and enforcement reports,
 * listed by `type=` and `county=` too.
 */
export function alertRoutes(deps: RouteDeps) {
  const { db, sealed } = deps;
  const open = () => gt(alerts.expiresAt, new Date(deps.now()).toISOString());

  const openAlert = async (id: string) =>
    (
      await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, id), open(), eq(alerts.hidden, false)))
    )[0];

  return (
    new Hono()
      // The network's numbers per county and week: counts of reports, no report in them.
      .get('/tallies', async (c) => c.json(await recentTallies(deps, deps.now())))
      .get('/', countyQuery, async (c) => {
        await sweepSometimes(deps);
        const type = c.req.query('type');
        const before = createdBefore(c, alerts);
        if (!before.ok) return before.response;
        const { county } = c.var;
        const rows = await sealed.openRows(
          alerts,
          await db
            .select()
            .from(alerts)
            .where(and(open(), eq(alerts.hidden, false), type ? eq(alerts.type, type) : undefined, county.on(alerts.county), before.where))
            .orderBy(...newestFirst(alerts))
            .limit(pageSize(c, PAGE_SIZE)),
        );
        return c.json(rows.map(toAlert));
      })
      .post(
        '/',
        jsonBody(alertInput),
        rateLimit(deps, (c: Context<WithBody<typeof alertInput>>) => (c.var.body.type === ENFORCEMENT_TYPE ? 'enforcementReport' : 'alert')),
        async (c) => {
          const posted = await postAlert(deps, c.var.body, new URL(c.req.url).origin, deps.clientAddress(c) ?? 'unknown');
          return 'row' in posted ? c.json(toAlert(posted.row), 201) : apiError(c, posted.status, posted.code, posted.message, posted.fields);
        },
      )
      .post(
        '/:id/marks',
        jsonBody(markInput),
        // A mark on no open report is refused before any work is asked or counted.
        async (c, next) => ((await openAlert(c.req.param('id')!)) ? next() : apiError(c, 404, 'not_found', 'This alert has expired or does not exist')),
        rateLimit(deps, 'alertMark', { always: true }),
        async (c) => {
          const id = c.req.param('id');
          const { kind } = c.var.body;
          // One answer per network and report, under a keyed hash that includes the report: it cannot
          // be followed from one report to another, and it is deleted with the report. The
          // reporter's network holds the 'report' mark, so its answers are not counted.
          const client = await markerOf(deps, id, deps.clientAddress(c));
          const [previous] = await db
            .select()
            .from(alertMarks)
            .where(and(eq(alertMarks.alertId, id), eq(alertMarks.deviceHash, client)));
          const counted = previous?.kind !== kind && previous?.kind !== 'report';
          // The counts are counted from the marks in the same batch, so answers sent at once from
          // one network cannot count twice.
          const marks = (k: string) => sql`(select count(*) from ${alertMarks} where ${alertMarks.alertId} = ${id} and ${alertMarks.kind} = ${k})`;
          if (counted) {
            await db.batch([
              db
                .insert(alertMarks)
                .values({ alertId: id, deviceHash: client, kind })
                .onConflictDoUpdate({ target: [alertMarks.alertId, alertMarks.deviceHash], set: { kind }, setWhere: sql`${alertMarks.kind} <> 'report'` }),
              db
                .update(alerts)
                .set({ confirmations: marks('confirm'), allClears: marks('clear') })
                .where(eq(alerts.id, id)),
            ]);
          }
          const [opened] = await sealed.openRows(alerts, [(await openAlert(id))!]);
          const alert = toAlert(opened!);
          if (alert.confirmedByOthers) await tally(deps, id, 'confirmed');
          return c.json({ ...alert, counted });
        },
      )
  );
}
