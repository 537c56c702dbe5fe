import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { CALIFORNIA_TIME_ZONE } from '../../src/common/contract/hours.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A moment to the minute (`2026-11-27T11:58:00.000Z`): how every time a member of the public
 * leaves (a post, a note, a report, an answer, a sign-up) is stored and answered, so that neither
 * a list nor a copy of the database gives a time to join with someone's network logs.
 */
export const toMinute = (moment: number) => new Date(moment - (moment % MINUTE)).toISOString();

/** A table a public list pages through: its rows have an id and the minute they were made. */
export type ListedTable = SQLiteTable & { id: AnySQLiteColumn; createdAt: AnySQLiteColumn };

/**
 * A list's order: newest first. Times are kept to the minute, so one minute can hold many rows;
 * within it the one written later comes first, by the row's place in its table (SQLite's rowid,
 * which the createdAt index holds too): the order they were posted in, with no finer time kept.
 */
export const newestFirst = (table: ListedTable): SQL[] => [desc(table.createdAt), desc(sql`${table}.rowid`)];

/** A deadline kept to the minute, as a time since 1970 in ms: the minute after `moment` (or `moment` when it is one). */
export const laterMinute = (moment: number) => Math.ceil(moment / MINUTE) * MINUTE;

/** Today's date in California, where the drops happen. */
export const californiaToday = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: CALIFORNIA_TIME_ZONE }).format(now);

const CALIFORNIA_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: CALIFORNIA_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'longOffset',
});

/**
 * A moment as California's clock shows it, with its numeric offset (`2026-11-23T10:00:00-08:00`,
 * `-07:00` in summer): CAP refuses a trailing Z, and the offset tells a reader the local time too.
 */
export function californiaTime(moment: string | number): string {
  const part = Object.fromEntries(CALIFORNIA_CLOCK.formatToParts(new Date(moment)).map(({ type, value }) => [type, value]));
  // longOffset reads "GMT-08:00" (just "GMT" at a zero offset, which California never has).
  const offset = part.timeZoneName!.replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}
