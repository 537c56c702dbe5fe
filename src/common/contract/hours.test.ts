import { describe, expect, it } from 'vitest';
import { openingHours, resourceInput } from './directory.ts';
import { californiaClock, openAt, sortedPeriods, type OpeningPeriod } from './hours.ts';

const at = (iso: string) => Date.parse(iso);

describe('openAt, in California time', () => {
  const weekdays: OpeningPeriod[] = ['mo', 'tu', 'we', 'th', 'fr'].map((day) => ({ day, opens: '09:00', closes: '17:00' }) as OpeningPeriod);

  it('is null, not closed, when the hours are not known', () => {
    expect(openAt([], at('2026-11-23T18:00:00Z'))).toBeNull();
  });

  it('reads the clock of California, not of the server: 9:00 in Fresno is 17:00 UTC in winter', () => {
    expect(openAt(weekdays, at('2026-11-23T16:59:00Z'))).toBe(false);
    expect(openAt(weekdays, at('2026-11-23T17:00:00Z'))).toBe(true);
    // 17:00 closes: the last open minute is 16:59.
    expect(openAt(weekdays, at('2026-11-24T00:59:00Z'))).toBe(true);
    expect(openAt(weekdays, at('2026-11-24T01:00:00Z'))).toBe(false);
  });

  it('tells Saturday 23:59 from Sunday 00:00, with a period that ends at 24:00', () => {
    const saturdayNight: OpeningPeriod[] = [{ day: 'sa', opens: '18:00', closes: '24:00' }];
    // 2026-11-28 is a Saturday; 23:59 PST is 07:59 UTC the next day.
    expect(californiaClock(at('2026-11-29T07:59:00Z'))).toEqual({ day: 'sa', time: '23:59' });
    expect(openAt(saturdayNight, at('2026-11-29T07:59:00Z'))).toBe(true);
    expect(californiaClock(at('2026-11-29T08:00:00Z'))).toEqual({ day: 'su', time: '00:00' });
    expect(openAt(saturdayNight, at('2026-11-29T08:00:00Z'))).toBe(false);
    expect(openAt([{ day: 'su', opens: '00:00', closes: '06:00' }], at('2026-11-29T08:00:00Z'))).toBe(true);
  });

  it('keeps opening at 9:00 across the spring change (Sunday 8 March 2026: 02:00 PST becomes 03:00 PDT)', () => {
    // Friday before: PST, 9:00 is 17:00 UTC; Monday after: PDT, 9:00 is 16:00 UTC.
    expect(openAt(weekdays, at('2026-03-06T16:30:00Z'))).toBe(false);
    expect(openAt(weekdays, at('2026-03-06T17:00:00Z'))).toBe(true);
    expect(openAt(weekdays, at('2026-03-09T16:00:00Z'))).toBe(true);
    expect(openAt(weekdays, at('2026-03-09T15:59:00Z'))).toBe(false);
    // On the day itself the clock jumps from 01:59 to 03:00.
    const early: OpeningPeriod[] = [{ day: 'su', opens: '03:00', closes: '04:00' }];
    expect(californiaClock(at('2026-03-08T09:59:00Z'))).toEqual({ day: 'su', time: '01:59' });
    expect(openAt(early, at('2026-03-08T09:59:00Z'))).toBe(false);
    expect(californiaClock(at('2026-03-08T10:00:00Z'))).toEqual({ day: 'su', time: '03:00' });
    expect(openAt(early, at('2026-03-08T10:00:00Z'))).toBe(true);
  });

  it('keeps opening at 9:00 across the autumn change (Sunday 1 November 2026: 02:00 PDT becomes 01:00 PST)', () => {
    expect(openAt(weekdays, at('2026-10-30T16:00:00Z'))).toBe(true);
    expect(openAt(weekdays, at('2026-11-02T16:00:00Z'))).toBe(false);
    expect(openAt(weekdays, at('2026-11-02T17:00:00Z'))).toBe(true);
    // 01:30 happens twice that night; both are inside a period from 01:00 to 02:00.
    const night: OpeningPeriod[] = [{ day: 'su', opens: '01:00', closes: '02:00' }];
    expect(californiaClock(at('2026-11-01T08:30:00Z'))).toEqual({ day: 'su', time: '01:30' });
    expect(californiaClock(at('2026-11-01T09:30:00Z'))).toEqual({ day: 'su', time: '01:30' });
    expect(openAt(night, at('2026-11-01T08:30:00Z'))).toBe(true);
    expect(openAt(night, at('2026-11-01T09:30:00Z'))).toBe(true);
    expect(openAt(night, at('2026-11-01T10:00:00Z'))).toBe(false);
  });

  it('is open in any of several periods of a day, and closed between them', () => {
    const split: OpeningPeriod[] = [
      { day: 'tu', opens: '13:00', closes: '17:00' },
      { day: 'tu', opens: '08:00', closes: '12:00' },
    ];
    // Tuesday 24 November 2026, PST.
    expect(openAt(split, at('2026-11-24T16:30:00Z'))).toBe(true);
    expect(openAt(split, at('2026-11-24T20:30:00Z'))).toBe(false);
    expect(openAt(split, at('2026-11-24T21:30:00Z'))).toBe(true);
    expect(sortedPeriods([...split, { day: 'mo', opens: '10:00', closes: '11:00' }]).map((period) => `${period.day} ${period.opens}`)).toEqual([
      'mo 10:00',
      'tu 08:00',
      'tu 13:00',
    ]);
  });
});

describe('the contract of the directory details', () => {
  it('takes a schedule of real periods, and none as an empty one', () => {
    expect(openingHours.parse(undefined)).toEqual([]);
    expect(openingHours.parse([{ day: 'sa', opens: '18:00', closes: '24:00' }])).toEqual([{ day: 'sa', opens: '18:00', closes: '24:00' }]);
  });

  it.each([
    ['a period that closes before it opens', { day: 'mo', opens: '17:00', closes: '09:00' }],
    ['a period that closes as it opens', { day: 'mo', opens: '09:00', closes: '09:00' }],
    ['an hour that does not exist', { day: 'mo', opens: '09:00', closes: '25:00' }],
    ['a time without its leading zero', { day: 'mo', opens: '9:00', closes: '17:00' }],
    ['an unknown day', { day: 'monday', opens: '09:00', closes: '17:00' }],
    ['24:00 as an opening', { day: 'mo', opens: '24:00', closes: '24:00' }],
  ])('refuses %s', (_label, period) => {
    expect(openingHours.safeParse([period]).success).toBe(false);
  });

  it('refuses more periods than a week may hold', () => {
    expect(openingHours.safeParse(Array.from({ length: 29 }, () => ({ day: 'mo', opens: '09:00', closes: '10:00' }))).success).toBe(false);
  });

  it('keeps languages and what is not required from their fixed lists, each once, and the cost as free, low cost or unknown', () => {
    const base = { name: 'Pantry', category: 'Food' };
    const parsed = resourceInput.parse({ ...base, languages: ['es', 'mix', 'es'], notRequired: ['id', 'ssn'], cost: 'free' });
    expect(parsed).toMatchObject({ languages: ['es', 'mix'], notRequired: ['id', 'ssn'], cost: 'free', schedule: [] });
    expect(resourceInput.parse(base)).toMatchObject({ languages: [], notRequired: [], cost: null, whatToBring: null, eligibility: null });
    expect(resourceInput.safeParse({ ...base, languages: ['klingon'] }).success).toBe(false);
    expect(resourceInput.safeParse({ ...base, notRequired: ['passport'] }).success).toBe(false);
    expect(resourceInput.safeParse({ ...base, cost: 'cheap' }).success).toBe(false);
  });

  it('never takes the verification from a body', () => {
    const parsed = resourceInput.parse({ name: 'Pantry', category: 'Food', verifiedOn: '2026-01-01', verifiedBy: 'Me', verified: true });
    expect(parsed).not.toHaveProperty('verifiedOn');
    expect(parsed).not.toHaveProperty('verifiedBy');
    expect(parsed).not.toHaveProperty('verified');
  });
});
