/**
 * The one contract between islands, the API and the live room: each entity's input schema,
 * its output type. Limits and value lists live in ./limits.ts, which islands import without zod.
 */
import * as z from 'zod/mini';
import {
  ADMIN_RESOURCE_CATEGORIES,
  ALERT_TYPES,
  COMMUNITY_MEDIA_TYPES,
  MAX_MEDIA_FILES,
  OFFER_CATEGORIES,
  OFFER_CONDITIONS,
  REQUEST_CATEGORIES,
  RESPONSE_TYPES,
  URGENCIES,
  DROP_STATUSES,
  JOB_TYPES,
  ENFORCEMENT_ACTIVITIES,
  ENFORCEMENT_TYPE,
  LIMITS,
  PRECISIONS,
  RESOURCE_CATEGORIES,
  UPLOAD_KINDS,
  type AdminResourceCategory,
  type AlertType,
  type CommunityMediaType,
  type OfferCategory,
  type OfferCondition,
  type DropStatus,
  type JobType,
  type Precision,
  type RequestCategory,
  type ResourceCategory,
  type Urgency,
} from './limits.ts';

export * from './limits.ts';

const trimmed = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** An optional text field: trimmed, capped; blank becomes null. */
const optionalText = (max: number, label: string) =>
  z.pipe(
    z.optional(z.nullable(trimmed(max, `${label} must be at most ${max} characters`))),
    z.transform((value) => value || null),
  );

/** A calendar date as YYYY-MM-DD that really exists, from 1900 to tomorrow (time zones differ). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now() + 36 * 3600 * 1000;
}

/** Photos are only ever served from our own origin, so a post may only point there. */
export const OWN_MEDIA_PATH = /^\/images\/[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

const ownPhoto = optionalText(LIMITS.url, 'Photo address').check(
  z.refine((value) => value === null || (OWN_MEDIA_PATH.test(value) && !value.includes('..')), 'Photo must be an image uploaded to this site'),
);

export const lostFoundInput = z.object({
  name: trimmed(LIMITS.name, `Name must be at most ${LIMITS.name} characters`).check(
    z.minLength(1, 'Name is required'),
  ),
  lastSeenCity: optionalText(LIMITS.city, 'Last seen city'),
  lastSeenDate: z.pipe(
    z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.refine((value) => value === '' || isCalendarDate(value), 'Last seen date must be a real date (YYYY-MM-DD), not in the future'),
        ),
      ),
    ),
    z.transform((value) => value || null),
  ),
  description: optionalText(LIMITS.description, 'Description'),
  photoUrl: ownPhoto,
  contact: optionalText(LIMITS.contact, 'Contact'),
});
export type LostFoundInput = z.input<typeof lostFoundInput>;

export interface LostFoundPost {
  id: string;
  name: string;
  lastSeenCity: string | null;
  /** YYYY-MM-DD */
  lastSeenDate: string | null;
  description: string | null;
  photoUrl: string | null;
  contact: string | null;
  /** ISO 8601 */
  createdAt: string;
  /** 'found' once the poster marked it so; the post then stays listed with that news. */
  status: 'missing' | 'found';
  /** Sample content loaded by the embedded default, shown with a "Sample" badge. */
  sample: boolean;
}

/** What a post's creation answers: the post and, once only, the poster's private manage secret. */
export type Created<T> = T & { manageToken: string };

const count = z.pipe(z.optional(z.nullable(z.int().check(z.gte(0, 'must be 0 or more'), z.lte(999, 'must be at most 999')))), z.transform((value) => value ?? null));

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
    markings: optionalText(300, 'Markings'),
    photoUrl: ownPhoto,
  })
  .check(
    z.refine((alert) => alert.type !== ENFORCEMENT_TYPE || !!alert.activity, { message: 'Choose what is happening', path: ['activity'] }),
  );
export type AlertInput = z.input<typeof alertInput>;

export interface Alert {
  id: string;
  type: AlertType;
  precision: Precision;
  city: string;
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
  confirmations: number;
  allClears: number;
  /** Confirmed by enough people, independently. */
  verified: boolean;
  urgent: boolean;
  createdAt: string;
  /** When it leaves the public lists (and its details are deleted). */
  expiresAt: string;
  sample: boolean;
}

/** "I see it too" or "all clear", once per device and report. */
export const markInput = z.object({
  kind: z.enum(['confirm', 'clear'], { error: 'kind must be confirm or clear' }),
  /** A random id the device keeps; only a keyed hash of it (with the report) is stored. */
  device: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'device must be 16 to 64 letters, digits, - or _')),
});

export const uploadRequest = z.object({ type: z.enum(UPLOAD_KINDS, { error: `type must be one of ${UPLOAD_KINDS.join(', ')}` }) });

/** A phone number as written ("(559) 555-0142", "+52 55 1234 5678") in E.164 form, or null. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export const subscriptionInput = z.object({
  phone: z.pipe(
    z.string().check(z.maxLength(40, 'Phone number is too long')),
    z.transform((value, context) => {
      const phone = normalizePhone(value);
      if (!phone) context.issues.push({ code: 'custom', message: 'Enter a phone number with its area code', input: value });
      return phone ?? '';
    }),
  ),
  city: optionalText(LIMITS.city, 'City'),
  lang: z._default(z.enum(['en', 'es', 'zh', 'hi', 'pa', 'ta', 'ar', 'ko']), 'en'),
});

export interface LiveStats {
  /** Pages listening to the live room right now. */
  watching: number;
  /** Phones subscribed to text alerts. */
  subscribers: number;
  /** Unexpired, open alerts. */
  activeAlerts: number;
}

const required = (max: number, label: string) =>
  trimmed(max, `${label} must be at most ${max} characters`).check(z.minLength(1, `${label} is required`));

/** A web address people can open: http(s) only, so no script or data address slips through. */
const webLink = optionalText(LIMITS.url, 'Link').check(
  z.refine((value) => value === null || /^https?:\/\/[^\s<>"]+$/i.test(value), 'Link must start with http:// or https://'),
);

/** A resource submitted for the directory; it stays pending until an admin verifies it. */
export const resourceInput = z.object({
  name: required(LIMITS.name, 'Name'),
  category: z.enum(RESOURCE_CATEGORIES, { error: `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}` }),
  city: optionalText(LIMITS.city, 'City'),
  address: optionalText(200, 'Address'),
  phone: optionalText(40, 'Phone'),
  link: webLink,
  notes: optionalText(LIMITS.description, 'Notes'),
});

export interface Resource {
  id: string;
  name: string;
  category: ResourceCategory;
  city: string | null;
  address: string | null;
  phone: string | null;
  link: string | null;
  notes: string | null;
  /** Opening hours as the admin wrote them. */
  hours: string | null;
  verified: boolean;
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

/** A help-flow media address of this site, for posts of `mediaType`. */
const communityMedia = (mediaType: CommunityMediaType) =>
  z.string().check(z.regex(new RegExp(`^/images/community-assistance/${mediaType}/[0-9a-f-]{36}$`), 'Media must be a file uploaded to this site for this kind of post'));

/** The help posts' shared fields (spec section 3); at most MAX_MEDIA_FILES files, one of them a video. */
const helpPostFields = (mediaType: CommunityMediaType) => ({
  title: required(LIMITS.name, 'Title'),
  description: required(LIMITS.description, 'Description'),
  city: optionalText(LIMITS.city, 'City'),
  contactName: required(LIMITS.name, 'Contact name'),
  contactMethod: required(LIMITS.contact, 'Contact method'),
  imageUrls: z._default(z.array(communityMedia(mediaType)).check(z.maxLength(MAX_MEDIA_FILES, `At most ${MAX_MEDIA_FILES} files`)), []),
  videoUrl: z.pipe(z.optional(z.nullable(z.union([z.literal(''), communityMedia(mediaType)]))), z.transform((value) => value || null)),
});

const mediaCount = z.refine<{ imageUrls: string[]; videoUrl: string | null }>(
  (post) => post.imageUrls.length + (post.videoUrl ? 1 : 0) <= MAX_MEDIA_FILES && new Set(post.imageUrls).size === post.imageUrls.length,
  { message: `At most ${MAX_MEDIA_FILES} different files a post`, path: ['imageUrls'] },
);

export const assistanceRequestInput = z
  .object({
    ...helpPostFields('assistance-requests'),
    category: z.enum(REQUEST_CATEGORIES, { error: 'Choose a category' }),
    urgency: z.enum(URGENCIES, { error: 'Choose how urgent it is' }),
  })
  .check(mediaCount);
export type AssistanceRequestInput = z.input<typeof assistanceRequestInput>;

export const surplusOfferInput = z
  .object({
    ...helpPostFields('surplus-offers'),
    category: z.enum(OFFER_CATEGORIES, { error: 'Choose a category' }),
    condition: z.pipe(z.optional(z.nullable(z.union([z.literal(''), z.enum(OFFER_CONDITIONS, { error: 'Choose a condition' })]))), z.transform((value) => value || null)),
    availability: optionalText(LIMITS.contact, 'Availability'),
  })
  .check(mediaCount);
export type SurplusOfferInput = z.input<typeof surplusOfferInput>;

interface HelpPost {
  id: string;
  title: string;
  description: string;
  city: string | null;
  contactName: string;
  contactMethod: string;
  imageUrls: string[];
  videoUrl: string | null;
  createdAt: string;
  sample: boolean;
}

export interface AssistanceRequest extends HelpPost {
  category: RequestCategory;
  urgency: Urgency;
  status: 'active' | 'fulfilled';
}

export interface SurplusOffer extends HelpPost {
  category: OfferCategory;
  condition: OfferCondition | null;
  availability: string | null;
  status: 'available' | 'taken';
}

/** "I can help" for a request (offer_help + requestId) or "I'd like this" for an offer (claim_item + offerId). */
export const assistanceResponseInput = z
  .object({
    responderName: required(LIMITS.name, 'Name'),
    responderContact: required(LIMITS.contact, 'Contact'),
    message: required(LIMITS.description, 'Message'),
    responseType: z.enum(RESPONSE_TYPES, { error: 'responseType must be offer_help or claim_item' }),
    requestId: z.optional(z.string().check(z.maxLength(64))),
    offerId: z.optional(z.string().check(z.maxLength(64))),
  })
  .check(
    z.refine(
      (answer) => (answer.responseType === 'offer_help' ? !!answer.requestId && !answer.offerId : !!answer.offerId && !answer.requestId),
      { message: 'offer_help answers a requestId, claim_item an offerId', path: ['responseType'] },
    ),
  );
export type AssistanceResponseInput = z.input<typeof assistanceResponseInput>;

export interface AssistanceResponse {
  id: string;
  responseType: (typeof RESPONSE_TYPES)[number];
  responderName: string;
  responderContact: string;
  message: string;
  createdAt: string;
}

/** What the poster's manage link may do to a post: mark it done (fulfilled, taken, found). */
export const manageInput = z.object({ status: z.enum(['fulfilled', 'taken', 'found'], { error: 'status must be fulfilled, taken or found' }) });

export const communityUploadRequest = z.object({
  mediaType: z.enum(COMMUNITY_MEDIA_TYPES, { error: `mediaType must be one of ${COMMUNITY_MEDIA_TYPES.join(', ')}` }),
});

/** Upload parameters (spec section 3): PUT the file to `url`; it is then served at /images/community-assistance/{mediaType}/{objectId}. */
export interface CommunityUploadParams {
  url: string;
  objectId: string;
  mediaType: CommunityMediaType;
}

/** An uploaded help-flow file (spec section 3). */
export interface UploadedMedia {
  url: string;
  type: 'image' | 'video';
}

/** One line of the community pulse feed: a recent public post of one of the boards. */
export interface PulseItem {
  id: string;
  kind: 'missing' | 'alert' | 'request' | 'offer' | 'job' | 'resource' | 'drop';
  /** The post's own words (its title or name), shown as written. */
  text: string;
  city: string | null;
  urgent: boolean;
  createdAt: string;
  sample: boolean;
}

/** GET /api/donation-links: the external card-payment page every donate button opens. */
export interface DonationLinks {
  donate: string;
}

/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/* ---- Admin (issue 7): the moderation desk's inputs and answers ---- */

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
  secret: required(200, 'Secret'),
});

/** A drop as the organizer writes it (spec: title, date, time, location, address, description, items, volunteers, status). */
export const adminDropInput = z.object({
  title: required(LIMITS.name, 'Title'),
  date: dropDate,
  time: optionalText(LIMITS.payRange, 'Time'),
  /** "Location": the meeting spot people go to. */
  meetSpot: required(200, 'Location'),
  address: optionalText(200, 'Address'),
  city: z.pipe(optionalText(LIMITS.city, 'City'), z.transform((value) => value ?? '')),
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
  address: required(200, 'Address'),
  city: optionalText(LIMITS.city, 'City'),
  phone: optionalText(40, 'Phone'),
  hours: optionalText(LIMITS.payRange, 'Hours'),
  /** "Description" */
  notes: optionalText(LIMITS.description, 'Description'),
  services: optionalText(LIMITS.description, 'Services'),
  requirements: optionalText(LIMITS.description, 'Requirements'),
  /** "Website" */
  link: webLink,
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
  jobType: z.pipe(z.optional(z.nullable(z.enum(JOB_TYPES, { error: 'Choose a job type' }))), z.transform((value) => value ?? null)),
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

export interface AdminLostFoundPost extends LostFoundPost {
  hidden: boolean;
}

/** A help post on the desk: which board, and whether it is hidden. */
export type AdminHelpPost = ((AssistanceRequest & { kind: 'requests' }) | (SurplusOffer & { kind: 'offers' })) & { hidden: boolean };

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
