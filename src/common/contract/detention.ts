/**
 * What a family needs when a missing person may have been detained (/detained, and the facts a
 * record's owner keeps for it on My posts). Plain values, no zod: the manage island loads them.
 */

/**
 * Countries of birth a record's owner may keep for a detention search (/detained): ISO 3166-1
 * codes, named in each language by the phone (Intl.DisplayNames), with Kosovo (XK), which ICE's
 * detainee locator lists. Codes ICU names but that are no place of birth (EU, UN, old aliases,
 * uninhabited islands) are left out.
 */
export const BIRTH_COUNTRIES: readonly string[] = `
  AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
  BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ
  EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW
  GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY
  KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU
  MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT
  PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC
  TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE
  YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);

/**
 * An A-number as people copy it from papers ("A 123-456-789", "A012345678"): its digits, 8 or 9
 * of them, or undefined when it has some other count or anything but A, spaces and dashes.
 */
export function aNumberDigits(value: string): string | undefined {
  const digits = value.trim().replace(/^a\s*/i, '').replace(/[\s-]/g, '');
  return /^\d{8,9}$/.test(digits) ? digits : undefined;
}

/** The countries of birth named in `locale` by the phone, in that language's order. */
export function birthCountryNames(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const order = new Intl.Collator(locale);
  return BIRTH_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => order.compare(a.name, b.name));
}

/** The hours after they are asked for at which a phone is reminded to search the detainee locator again. */
export const REMINDER_HOURS = [8, 24, 48] as const;

/** How many of the reminders still to come are due at `now` (more than one only after a host was down). */
export const remindersDue = ({ remindersFrom, remindersSent }: { remindersFrom: string | null; remindersSent: number }, now: number): number =>
  remindersFrom === null ? 0 : REMINDER_HOURS.slice(remindersSent).filter((hours) => Date.parse(remindersFrom) + hours * 3_600_000 <= now).length;

/** When the reminders still to come will go out (ISO 8601), soonest first: none when not asked for. */
export const remindersLeft = ({ remindersFrom, remindersSent }: { remindersFrom: string | null; remindersSent: number }): string[] =>
  remindersFrom === null ? [] : REMINDER_HOURS.slice(remindersSent).map((hours) => new Date(Date.parse(remindersFrom) + hours * 3_600_000).toISOString());
