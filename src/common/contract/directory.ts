/** The everyday boards: the resource directory, the job board, the next drop and its volunteers, and SOS requests. */
import * as z from 'zod/mini';
import { optionalText, required, webLink } from './fields.ts';
import { isOpeningPeriod, type OpeningPeriod } from './hours.ts';
import { LIMITS, MAX_OPENING_PERIODS } from './limits.ts';
import {
  NOT_REQUIRED,
  RESOURCE_CATEGORIES,
  RESOURCE_COSTS,
  RESOURCE_LANGUAGES,
  WEEKDAYS,
  type AdminResourceCategory,
  type JobType,
  type NotRequired,
  type ResourceCategory,
  type ResourceCost,
  type ResourceLanguage,
} from './values.ts';

/** A list of choices from a fixed set, each once; absent means none. */
const choices = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.pipe(
    z.optional(z.array(z.enum(values, { error: `${label} must be among ${values.join(', ')}` })).check(z.maxLength(values.length, `${label}: each at most once`))),
    z.transform((list) => [...new Set(list ?? [])]),
  );

/** The weekly opening hours: several periods a day, each closing after it opens (or at 24:00). */
export const openingHours = z.pipe(
  z.optional(
    z
      .array(
        z
          .object({
            day: z.enum(WEEKDAYS, { error: `Day must be one of ${WEEKDAYS.join(', ')}` }),
            opens: z.string({ error: 'Opens must be a time (HH:MM)' }),
            closes: z.string({ error: 'Closes must be a time (HH:MM)' }),
          })
          .check(z.refine(isOpeningPeriod, 'Each period needs times as HH:MM and must close after it opens (24:00 at the latest)')),
      )
      .check(z.maxLength(MAX_OPENING_PERIODS, `At most ${MAX_OPENING_PERIODS} opening periods`)),
  ),
  z.transform((list): OpeningPeriod[] => list ?? []),
);

/** What the directory says beyond a name and a place, the same for a submission and a moderator's entry. */
export const resourceDetails = {
  schedule: openingHours,
  languages: choices(RESOURCE_LANGUAGES, 'Languages'),
  cost: z.pipe(
    z.optional(z.nullable(z.enum(RESOURCE_COSTS, { error: 'Cost must be free or low_cost' }))),
    z.transform((value) => value ?? null),
  ),
  whatToBring: optionalText(LIMITS.description, 'What to bring'),
  notRequired: choices(NOT_REQUIRED, 'Not required'),
  /** Who it serves. */
  eligibility: optionalText(LIMITS.description, 'Who it serves'),
};

/** GET /api/resources filters beyond category and county: each takes one of its values, anything else is refused (400). */
export const RESOURCE_FILTERS = {
  openNow: { description: 'Only those open now in California; those whose hours are not known are left out.', values: ['1'] },
  language: { description: 'Only those where this language (a BCP-47 code) is spoken.', values: RESOURCE_LANGUAGES },
  cost: { description: 'Only those of this cost.', values: RESOURCE_COSTS },
  notRequired: { description: 'Only those that do not ask for this.', values: NOT_REQUIRED },
} as const satisfies Record<string, { description: string; values: readonly string[] }>;

/** A resource submitted for the directory; it stays pending until an admin verifies it. */
export const resourceInput = z.object({
  name: required(LIMITS.name, 'Name'),
  category: z.enum(RESOURCE_CATEGORIES, { error: `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}` }),
  city: optionalText(LIMITS.city, 'City'),
  address: optionalText(LIMITS.address, 'Address'),
  phone: optionalText(LIMITS.phone, 'Phone'),
  link: webLink,
  notes: optionalText(LIMITS.description, 'Notes'),
  ...resourceDetails,
});

export interface Resource {
  id: string;
  name: string;
  category: ResourceCategory;
  /** The moderators' finer category (a rapid response line, a jail, a consulate); a suggestion's is the first of its public one. */
  kind: AdminResourceCategory;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  address: string | null;
  phone: string | null;
  link: string | null;
  notes: string | null;
  /** Opening hours as the admin wrote them. */
  hours: string | null;
  /** The weekly opening hours; empty when not known (then neither open nor closed is shown). */
  schedule: OpeningPeriod[];
  languages: ResourceLanguage[];
  cost: ResourceCost | null;
  whatToBring: string | null;
  notRequired: NotRequired[];
  /** Who it serves. */
  eligibility: string | null;
  /** Other counties it serves (`county=` finds it in each). */
  serves: string[];
  /** A consulate's country (ISO 3166-1), else null. */
  country: string | null;
  verified: boolean;
  /** The California date a moderator last verified it (YYYY-MM-DD), and who; null before. */
  verifiedOn: string | null;
  verifiedBy: string | null;
  sample: boolean;
}

/** A job submitted for the board; it stays pending until an admin approves it. */
export const jobInput = z.object({
  title: required(LIMITS.name, 'Job title'),
  employer: optionalText(LIMITS.name, 'Employer'),
  city: optionalText(LIMITS.city, 'City'),
  payRange: optionalText(LIMITS.payRange, 'Pay range'),
  notes: optionalText(LIMITS.description, 'Notes'),
  contact: required(LIMITS.contact, 'Contact'),
  acceptsNoPapers: z._default(z.boolean({ error: 'acceptsNoPapers must be true or false' }), true),
});

export interface Job {
  id: string;
  title: string;
  employer: string | null;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  payRange: string | null;
  notes: string | null;
  contact: string;
  acceptsNoPapers: boolean;
  /** Set by an admin: people are needed now. */
  urgent: boolean;
  jobType: JobType | null;
  createdAt: string;
  sample: boolean;
}

/** The next food and supply drop (spec: date, city, meetSpot, whatWeBring, notes). */
export interface Drop {
  id: string;
  title: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** Free text, e.g. "10:00 AM - 2:00 PM" */
  time: string | null;
  city: string;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  meetSpot: string;
  address: string | null;
  whatWeBring: string | null;
  notes: string | null;
  /** How many people signed up to help. */
  volunteers: number;
  sample: boolean;
}

/** Signing up to help at a drop: a name and a way to reach the person. */
export const volunteerInput = z.object({
  name: required(LIMITS.name, 'Name'),
  contact: required(LIMITS.contact, 'Contact'),
});

/** An SOS request: kept for the admins, never listed publicly. */
export const sosInput = z.object({
  city: optionalText(LIMITS.city, 'City'),
  details: required(LIMITS.description, 'Details'),
  contact: optionalText(LIMITS.contact, 'Contact'),
});
