/** The moderation desk (/admin and its desks): sign-in, the admins' own forms, and what the desk lists. */
import * as z from 'zod/mini';
import type { Alert } from './alerts.ts';
import { resourceDetails, type Drop, type Job, type Resource } from './directory.ts';
import { optionalText, required, webLink } from './fields.ts';
import type { AssistanceRequest, OwnHelpPost, SurplusOffer } from './help.ts';
import { LIMITS } from './limits.ts';
import type { LostFoundNote, OwnLostFoundPost } from './lost-found.ts';
import { BIRTH_COUNTRIES } from './detention.ts';
import { californiaCounty } from './responders.ts';
import { ADMIN_RESOURCE_CATEGORIES, DROP_STATUSES, JOB_TYPES, type AdminResourceCategory, type DropStatus } from './values.ts';

/** A drop's date: a real calendar day (past days allowed, so a drop can be corrected after it). */
const dropDate = z.string().check(
  z.trim(),
  z.refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100;
  }, 'Date must be a real date (YYYY-MM-DD)'),
);

export const signInInput = z.object({
  name: required(LIMITS.name, 'Name'),
  secret: required(LIMITS.secret, 'Secret'),
});

/** A drop as the organizer writes it (spec: title, date, time, location, address, description, items, volunteers, status). */
export const adminDropInput = z.object({
  title: required(LIMITS.name, 'Title'),
  date: dropDate,
  time: optionalText(LIMITS.payRange, 'Time'),
  /** "Location": the meeting spot people go to. */
  meetSpot: required(LIMITS.address, 'Location'),
  address: optionalText(LIMITS.address, 'Address'),
  city: z.pipe(
    optionalText(LIMITS.city, 'City'),
    z.transform((value) => value ?? ''),
  ),
  /** "Description" */
  notes: optionalText(LIMITS.description, 'Description'),
  /** "Items" */
  whatWeBring: optionalText(LIMITS.description, 'Items'),
  /** "Volunteers": free text such as "15 people for setup". */
  volunteersNeeded: optionalText(LIMITS.payRange, 'Volunteers'),
  status: z._default(z.enum(DROP_STATUSES, { error: 'Status must be active or planning' }), 'active'),
});
export type AdminDropInput = z.input<typeof adminDropInput>;

export interface AdminDrop extends Omit<Drop, 'volunteers'> {
  status: DropStatus;
  volunteersNeeded: string | null;
  /** The people who signed up on /drops, for the organizers. */
  volunteers: { name: string; contact: string; createdAt: string }[];
  createdAt: string;
}

/** A resource as the admin writes it; its public category follows from `adminCategory`. */
export const adminResourceInput = z.object({
  name: required(LIMITS.name, 'Name'),
  adminCategory: z.enum(ADMIN_RESOURCE_CATEGORIES, { error: 'Choose a category' }),
  address: required(LIMITS.address, 'Address'),
  city: optionalText(LIMITS.city, 'City'),
  phone: optionalText(LIMITS.phone, 'Phone'),
  hours: optionalText(LIMITS.payRange, 'Hours'),
  /** "Description" */
  notes: optionalText(LIMITS.description, 'Description'),
  services: optionalText(LIMITS.description, 'Services'),
  requirements: optionalText(LIMITS.description, 'Requirements'),
  /** "Website" */
  link: webLink,
  /** The counties a line or office serves beyond its own city's (a rapid response hotline's network). */
  serves: z.pipe(
    z.optional(z.array(californiaCounty).check(z.maxLength(58, 'At most 58 counties'))),
    z.transform((list) => [...new Set(list ?? [])]),
  ),
  /** A consulate's country (ISO 3166-1), which /detained matches to a country of birth. */
  country: z
    .pipe(
      z.optional(z.nullable(z.string())),
      z.transform((value) => value || null),
    )
    .check(z.refine((value) => value === null || BIRTH_COUNTRIES.includes(value), 'Country must be one of the listed countries')),
  ...resourceDetails,
});
export type AdminResourceInput = z.input<typeof adminResourceInput>;

export interface AdminResource extends Resource {
  adminCategory: AdminResourceCategory;
  services: string | null;
  requirements: string | null;
  /** 'pending' until verified; 'published' rows are on /resources. */
  status: 'pending' | 'published';
  createdAt: string;
}

/** A job as the admin writes it (spec: title, company, location required). */
export const adminJobInput = z.object({
  title: required(LIMITS.name, 'Job title'),
  /** "Company" */
  employer: required(LIMITS.name, 'Company'),
  /** "Location" */
  city: required(LIMITS.city, 'Location'),
  jobType: z.pipe(
    z.optional(z.nullable(z.enum(JOB_TYPES, { error: 'Choose a job type' }))),
    z.transform((value) => value ?? null),
  ),
  /** "Pay" */
  payRange: optionalText(LIMITS.payRange, 'Pay'),
  /** "Description" */
  notes: optionalText(LIMITS.description, 'Description'),
  requirements: optionalText(LIMITS.description, 'Requirements'),
  contact: required(LIMITS.contact, 'Contact'),
  urgent: z._default(z.boolean({ error: 'urgent must be true or false' }), false),
  /** "No documents required" */
  acceptsNoPapers: z._default(z.boolean({ error: 'acceptsNoPapers must be true or false' }), true),
});
export type AdminJobInput = z.input<typeof adminJobInput>;

export interface AdminJob extends Job {
  requirements: string | null;
  /** 'pending' until approved; 'approved' jobs are on /jobs. */
  status: 'pending' | 'approved';
}

export interface AdminAlert extends Alert {
  hidden: boolean;
  adminVerified: boolean;
}

export interface AdminLostFoundPost extends OwnLostFoundPost {
  hidden: boolean;
}

/** A note on the desk: its record and whether it is hidden (its author's contact stays out). */
export interface AdminLostFoundNote extends LostFoundNote {
  postId: string;
  hidden: boolean;
}

/** POST /api/admin/pfif (and `npm run pfif:import`): what an imported PFIF file changed. */
export interface PfifImportSummary {
  /** `expired`: persons whose expiry_date had passed, not added. */
  persons: { added: number; updated: number; unchanged: number; expired: number };
  /** `skipped`: notes already stored (PFIF notes never change). */
  notes: { added: number; skipped: number };
  /** Filled fields this product does not keep, as `person.sex` or `note.author_email`, and how often. */
  dropped: Record<string, number>;
  /**
   * Persons added whose name is close to a record already on the board (the board's search,
   * every word matched without a typo): a hint for a moderator to compare them, never merged.
   * Only the first PFIF_DUPLICATE_CHECKS persons added are checked, each against 3 records.
   */
  maybeSame: { id: string; name: string; like: { id: string; name: string }[] }[];
}

/** How many of a file's added persons an import looks for on the board by name (each a search). */
export const PFIF_DUPLICATE_CHECKS = 100;

/** A help post on the desk: which board, and whether it is hidden. */
export type AdminHelpPost = ((OwnHelpPost<AssistanceRequest> & { kind: 'requests' }) | (OwnHelpPost<SurplusOffer> & { kind: 'offers' })) & { hidden: boolean };

export interface AdminSos {
  id: string;
  city: string | null;
  details: string;
  contact: string | null;
  handled: boolean;
  handledAt: string | null;
  createdAt: string;
}

/** A text in the outbox; the admin sees only the end of the phone number. */
export interface OutboxText {
  id: string;
  phoneEnd: string;
  body: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** GET /api/admin/dashboard */
export interface Dashboard {
  counts: {
    /** Community Members = alert subscribers + drop volunteers (people who gave a way to reach them). */
    members: number;
    subscribers: number;
    volunteers: number;
    /** Active Missing Cases: listed (not hidden) lost-and-found posts of people not yet found. */
    missing: number;
    /** Active drops today or later. */
    scheduledDrops: number;
    /** Dollars, from configuration (DONATIONS_TOTAL). */
    donations: number;
    pendingResources: number;
    pendingJobs: number;
    unverifiedReports: number;
    openSos: number;
    queuedTexts: number;
  };
  pendingResources: AdminResource[];
  pendingJobs: AdminJob[];
  reports: AdminAlert[];
  sos: AdminSos[];
  outbox: OutboxText[];
}
