/**
 * A resource's weekly opening hours and whether it is open at a moment, in California time. Plain
 * code with no zod: /resources computes "Open now" on the phone with the same function the API's
 * `openNow=1` filter uses.
 */
import { CALIFORNIA_TIME_ZONE } from '../format.ts';
import { WEEKDAYS, type Weekday } from './resource-lists.ts';

/** One opening period: a day and a time span on it, `HH:MM` on a 24-hour clock. */
export interface OpeningPeriod {
  day: Weekday;
  opens: string;
  /** After `opens`; `24:00` is the end of the day (a period never runs past midnight: the next day has its own). */
  closes: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A period whose times are real clock times and which closes after it opens. */
export function isOpeningPeriod(period: OpeningPeriod): boolean {
  return WEEKDAYS.includes(period.day) && CLOCK.test(period.opens) && (CLOCK.test(period.closes) || period.closes === '24:00') && period.closes > period.opens;
}

export { CALIFORNIA_TIME_ZONE } from '../format.ts';

let californiaWeek: Intl.DateTimeFormat | undefined;

/** The weekday and `HH:MM` California's clocks show at a moment (Intl knows the daylight-saving days). */
export function californiaClock(moment: number): { day: Weekday; time: string } {
  // Made on first use, not when the module loads.
  californiaWeek ??= new Intl.DateTimeFormat('en-US', { timeZone: CALIFORNIA_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(californiaWeek.formatToParts(moment).map(({ type, value }) => [type, value]));
  return { day: part.weekday!.slice(0, 2).toLowerCase() as Weekday, time: `${part.hour}:${part.minute}` };
}

/** Open at this moment in California: true, false, or null when the hours are not known. */
export function openAt(schedule: readonly OpeningPeriod[], moment: number): boolean | null {
  if (!schedule.length) return null;
  const { day, time } = californiaClock(moment);
  return schedule.some((period) => period.day === day && period.opens <= time && time < period.closes);
}

/** The periods of a week in order, Monday first, each day's by opening time. */
export const sortedPeriods = (schedule: readonly OpeningPeriod[]) =>
  [...schedule].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.opens.localeCompare(b.opens));
