/** Community alerts and enforcement reports (/alerts, /ice-reports), their marks, and text-alert subscriptions. */
import * as z from 'zod/mini';
import { LANGUAGES } from '../i18n/languages.ts';
import { normalizePhone, optionalText, ownPhoto, trimmed } from './fields.ts';
import { LIMITS, MAX_REPORTED_COUNT, TEXT_CODE } from './limits.ts';
import { ALERT_TYPES, ENFORCEMENT_ACTIVITIES, ENFORCEMENT_TYPE, PRECISIONS, type AlertType, type Precision } from './values.ts';

const count = z.pipe(
  z.optional(z.nullable(z.int().check(z.gte(0, 'must be 0 or more'), z.lte(MAX_REPORTED_COUNT, `must be at most ${MAX_REPORTED_COUNT}`)))),
  z.transform((value) => value ?? null),
);

/**
 * A community alert: the inline form on /alerts, the submit page, and enforcement reports from
 * /ice-reports (type 'Enforcement Activity', which adds what is happening, counts and markings).
 */
export const alertInput = z
  .object({
    type: z._default(z.enum(ALERT_TYPES, { error: 'Choose one of the alert types' }), 'Community Notice'),
    precision: z._default(z.enum(PRECISIONS, { error: 'Precision must be BROAD or PRECISE' }), 'BROAD'),
    city: trimmed(LIMITS.city, `City must be at most ${LIMITS.city} characters`).check(z.minLength(1, 'City is required')),
    area: optionalText(LIMITS.city, 'Area'),
    details: trimmed(LIMITS.description, `Details must be at most ${LIMITS.description} characters`).check(z.minLength(1, 'Details are required')),
    alertTime: z.pipe(
      z.optional(z.nullable(z.string().check(z.refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'Alert time must be a date and time')))),
      z.transform((value) => (value ? new Date(value).toISOString() : null)),
    ),
    contact: optionalText(LIMITS.contact, 'Contact'),
    /** Already rounded on the device; the server rounds again to the precision's grid. */
    location: z.optional(
      z.nullable(
        z.object({
          lat: z.number().check(z.gte(-90), z.lte(90)),
          lng: z.number().check(z.gte(-180), z.lte(180)),
        }),
      ),
    ),
    activity: z.optional(z.nullable(z.enum(ENFORCEMENT_ACTIVITIES, { error: 'Choose what is happening' }))),
    agents: count,
    vehicles: count,
    markings: optionalText(LIMITS.markings, 'Markings'),
    photoUrl: ownPhoto,
  })
  .check(z.refine((alert) => alert.type !== ENFORCEMENT_TYPE || !!alert.activity, { message: 'Choose what is happening', path: ['activity'] }));
export type AlertInput = z.input<typeof alertInput>;

/**
 * A report's state, the same words everywhere it is shown: one person reported it; people on
 * other networks confirmed it (counts anyone can make); a rapid responder (or a moderator) saw it;
 * it was a false alarm; it is over.
 */
export const ALERT_STATES = ['reported', 'confirmed', 'verified', 'false-alarm', 'over'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export interface Alert {
  id: string;
  type: AlertType;
  precision: Precision;
  city: string;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  area: string | null;
  details: string;
  /** ISO 8601, or null */
  alertTime: string | null;
  contact: string | null;
  /** Only for PRECISE alerts, rounded to about 100 m; a BROAD alert never has a position. */
  location: { lat: number; lng: number } | null;
  activity: string | null;
  agents: number | null;
  vehicles: number | null;
  markings: string | null;
  photoUrl: string | null;
  /** "I see it too" from networks other than the reporter's, each counted once. */
  confirmations: number;
  /** "All clear" (it is over) from networks, each counted once: shown, never closing the report. */
  allClears: number;
  /** Enough independent confirmations (CONFIRMED_BY_OTHERS): counts, which anyone can make, never "verified". */
  confirmedByOthers: boolean;
  /** Seen by a rapid responder or checked by a moderator: the one "verified". */
  verified: boolean;
  /** What the report stands at, the same words on every page, the CAP document and the feed. */
  state: AlertState;
  /** The rapid responders' network that verified it, ended it or called it a false alarm (never the person); null for a moderator or none. */
  stateBy: string | null;
  /** The responder's short public note, if any. */
  stateNote: string | null;
  /** When a rapid responder last said so (ISO 8601), or null. */
  stateAt: string | null;
  urgent: boolean;
  createdAt: string;
  /** When it leaves the public lists (and its details are deleted). */
  expiresAt: string;
  sample: boolean;
}

/**
 * "I see it too" or "all clear", counted once per network and report (functions/routes/alerts.ts),
 * with a proof of work. No device id: one the client picks proves nothing.
 */
export const markInput = z.object({
  kind: z.enum(['confirm', 'clear'], { error: 'kind must be confirm or clear' }),
});

/**
 * Asking for text alerts from the web: the number, the city (or none: all of California), the
 * language, and whether to hear when a report is verified or over. What it starts is a code texted to the number; the alerts start once it is entered.
 */
export const subscriptionInput = z.object({
  phone: z.pipe(
    z.string().check(z.maxLength(LIMITS.phone, 'Phone number is too long')),
    z.transform((value, context) => {
      const phone = normalizePhone(value);
      if (!phone) context.issues.push({ code: 'custom', message: 'Enter a phone number with its area code', input: value });
      return phone ?? '';
    }),
  ),
  city: optionalText(LIMITS.city, 'City'),
  lang: z._default(z.enum(LANGUAGES), 'en'),
  // Also a text when a report it got is verified or over (a false alarm is texted either way).
  updates: z._default(z.boolean({ error: 'updates must be true or false' }), false),
});

/** Asking to stop the texts from the web: the number, and the language of the code texted to it. */
export const unsubscribeInput = z.pick(subscriptionInput, { phone: true, lang: true });

/** The code texted to a number, entered: it does what it was asked for (start or stop). Spaces are forgiven. */
export const textCodeInput = z.object({
  phone: subscriptionInput.shape.phone,
  code: z.pipe(
    z.string().check(z.maxLength(20, 'Enter the code we texted you')),
    z.transform((value, context) => {
      const code = value.replace(/[\s-]/g, '');
      if (!new RegExp(`^\\d{${TEXT_CODE.digits}}$`).test(code))
        context.issues.push({ code: 'custom', message: `Enter the ${TEXT_CODE.digits} digits we texted you`, input: value });
      return code;
    }),
  ),
});

/** POST /api/owners/:board/:id/texts/confirm: the code texted to the post's own number, entered by its owner. */
export const ownerCodeInput = z.pick(textCodeInput, { code: true });

/**
 * The rapid response network's numbers for one county and week (its Monday, California time):
 * enforcement reports posted, confirmed by others, verified (by a rapid responder or a moderator),
 * and called false alarms.
 */
export interface ReportTally {
  county: string;
  week: string;
  reports: number;
  confirmed: number;
  verified: number;
  falseAlarms: number;
}

export interface LiveStats {
  /** Pages listening to the live room right now. */
  watching: number;
  /** Phones subscribed to text alerts. */
  subscribers: number;
  /** Unexpired, open alerts. */
  activeAlerts: number;
}
