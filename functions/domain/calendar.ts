/**
 * Upcoming drops as iCalendar (RFC 5545), for a phone's calendar. ical-generator escapes the texts
 * and folds lines at 75 octets; no database here.
 */
import { ICalCalendar } from 'ical-generator';
import type { Drop } from '../../src/common/contract/directory.ts';
import { CALIFORNIA_TIME_ZONE } from '../../src/common/contract/hours.ts';
import type { PfifSite } from './pfif.ts';

export const CALENDAR_MEDIA_TYPE = 'text/calendar; charset=utf-8';

/** California's rules since 2007: a calendar needs them to read the drops' local times. */
const CALIFORNIA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALIFORNIA_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0800',
  'TZOFFSETTO:-0700',
  'TZNAME:PDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0800',
  'TZNAME:PST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const CLOCK = /^(\d{1,2})(?::([0-5]\d))?\s*(am|pm)?$/;

/**
 * A drop's free-text time as hours on its date ("10:00 AM - 2:00 PM", "9 AM to noon", "14:00-17:00"),
 * or null when it cannot be read for sure: without am/pm, only a 24-hour clock (an hour after 12,
 * or one written 09:00) counts, since "10:00 - 2:00" could be either. A time that is not read makes
 * an all-day event with the organizer's words in it: never a wrong hour in someone's calendar.
 */
export function dropHours(time: string | null): { start: string; end: string | null } | null {
  if (!time) return null;
  const text = time
    .toLowerCase()
    .replace(/\b([ap])\.\s?m\./g, '$1m')
    .replace(/\bnoon\b/g, '12:00 pm')
    .trim();
  const [from, to, ...rest] = text.split(/\s*(?:-|–|—|\bto\b|\buntil\b|\bhasta\b|\bhanggang\b)\s*/);
  if (rest.length || !from) return null;
  const start = CLOCK.exec(from);
  const end = to === undefined ? null : CLOCK.exec(to);
  if (!start || (to !== undefined && !end)) return null;
  const minutes = ([, hours, mins, own]: RegExpExecArray, other: string | undefined) => {
    // "10-11 am": a time without am/pm takes the other one's.
    const meridiem = own ?? other;
    const hour = Number(hours);
    const minute = Number(mins ?? 0);
    if (meridiem) return hour >= 1 && hour <= 12 ? ((hour % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minute : NaN;
    const twentyFour = mins !== undefined && (hour > 12 || hours!.length === 2);
    return twentyFour && hour <= 23 ? hour * 60 + minute : NaN;
  };
  const first = minutes(start, end?.[3]);
  const last = end && minutes(end, start[3]);
  if (Number.isNaN(first) || Number.isNaN(last) || (last !== null && last <= first)) return null;
  const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { start: clock(first), end: last === null ? null : clock(last) };
}

/** What a calendar event tells of a drop. */
export type CalendarDrop = Pick<Drop, 'id' | 'title' | 'date' | 'time' | 'city' | 'meetSpot' | 'address' | 'whatWeBring' | 'notes'>;

/**
 * One event per drop, in California time; its UID (from the site's domain, as PFIF ids are) stays
 * the same however often the calendar is read.
 */
export function writeCalendar(drops: readonly CalendarDrop[], site: PfifSite, now: number): string {
  const calendar = new ICalCalendar({
    prodId: { company: 'Find. Help. Reunite.', product: 'Drops', language: 'EN' },
    name: 'Find. Help. Reunite. Food & Supply Drops',
    url: `${site.baseUrl}/drops`,
    // No name: the calendar's own time zone would turn DTSTAMP, which must be UTC, into local time.
    timezone: { name: null, generator: () => CALIFORNIA_VTIMEZONE },
  });
  for (const drop of drops) {
    const hours = dropHours(drop.time);
    const description = [
      // Said in the organizer's words when they could not be read as hours.
      drop.time && !hours && `Time: ${drop.time}`,
      drop.whatWeBring && `What we bring: ${drop.whatWeBring}`,
      drop.notes,
      `${site.baseUrl}/drops`,
    ].filter(Boolean);
    calendar.createEvent({
      id: `drop-${drop.id}@${site.domain}`,
      stamp: new Date(now),
      // A local time without an offset: ical-generator writes it as is, with the time zone's id.
      ...(hours
        ? { start: `${drop.date}T${hours.start}:00`, end: hours.end && `${drop.date}T${hours.end}:00`, timezone: CALIFORNIA_TIME_ZONE }
        : { start: drop.date, allDay: true }),
      summary: [drop.title || 'Food & Supply Drop', drop.city].join(', '),
      location: [drop.meetSpot, drop.address ?? drop.city].filter(Boolean).join(', '),
      description: description.join('\n'),
      url: `${site.baseUrl}/drops`,
    });
  }
  return calendar.toString();
}
