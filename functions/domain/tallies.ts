/**
 * The weekly numbers of enforcement reports per county (report_tallies): each report counted once
 * when posted, once when confirmed by others, once when verified, once when called a false alarm,
 * whatever order or however often those happen.
 */
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { alerts, reportTallies } from '../../db/schema.ts';
import { ENFORCEMENT_TYPE, TALLY_WEEKS } from '../../src/common/contract/limits.ts';
import type { ReportTally } from '../../src/common/contract/alerts.ts';
import type { RouteDeps } from '../deps.ts';
import { californiaToday, DAY } from './time.ts';

const BITS = { reports: 1, confirmed: 2, verified: 4, falseAlarms: 8 } as const;
export type Tallied = keyof typeof BITS;

/** The Monday (YYYY-MM-DD) of the California week `at` (ms or ISO 8601) falls in. */
export function weekOf(at: number | string): string {
  const day = californiaToday(typeof at === 'string' ? Date.parse(at) : at);
  const date = Date.parse(`${day}T00:00:00Z`);
  return new Date(date - ((new Date(date).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/** Counts `what` of the report `id` in its county's week, unless it was counted already (or is no placed, public enforcement report). */
export async function tally({ db }: Pick<RouteDeps, 'db'>, id: string, what: Tallied): Promise<void> {
  const bit = BITS[what];
  const [report] = await db
    .update(alerts)
    .set({ tallied: sql`${alerts.tallied} | ${bit}` })
    .where(and(eq(alerts.id, id), sql`(${alerts.tallied} & ${bit}) = 0`, eq(alerts.type, ENFORCEMENT_TYPE), isNotNull(alerts.county), eq(alerts.isSample, false)))
    .returning({ county: alerts.county, createdAt: alerts.createdAt });
  if (!report) return;
  await db
    .insert(reportTallies)
    .values({ county: report.county!, week: weekOf(report.createdAt), [what]: 1 })
    .onConflictDoUpdate({ target: [reportTallies.county, reportTallies.week], set: { [what]: sql`${reportTallies[what]} + 1` } });
}

/** The weeks since TALLY_WEEKS ago, newest first, each county by name: what /ice-reports shows. */
export async function recentTallies({ db }: Pick<RouteDeps, 'db'>, now: number): Promise<ReportTally[]> {
  return db
    .select({
      county: reportTallies.county,
      week: reportTallies.week,
      reports: reportTallies.reports,
      confirmed: reportTallies.confirmed,
      verified: reportTallies.verified,
      falseAlarms: reportTallies.falseAlarms,
    })
    .from(reportTallies)
    .where(gte(reportTallies.week, weekOf(now - (TALLY_WEEKS - 1) * 7 * DAY)))
    .orderBy(sql`${reportTallies.week} desc`, reportTallies.county);
}
