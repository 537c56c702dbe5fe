/** Value lists of the contract: the choices a person picks from, and how they map. Plain values, no zod. */

/** Alert types of the inline form on /alerts. */
export const INLINE_ALERT_TYPES = ['Community Notice', 'Safety Checkpoint', 'General Advisory'] as const;
/** The submit page adds these. */
export const SUBMIT_ALERT_TYPES = [...INLINE_ALERT_TYPES, 'Resource Available', 'Weather Alert', 'Transit Disruption', 'Public Event'] as const;
/** Immigration-enforcement reports from /ice-reports are community alerts of their own type. */
export const ENFORCEMENT_TYPE = 'Enforcement Activity';
export const ALERT_TYPES = [...SUBMIT_ALERT_TYPES, ENFORCEMENT_TYPE] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** Types shown with an URGENT badge. */
export const URGENT_ALERT_TYPES: readonly AlertType[] = [ENFORCEMENT_TYPE, 'Safety Checkpoint'];

/**
 * What a note on a missing-person record says: PFIF 1.4's five (the page words them gently), and
 * this site's two for a person who may have been detained, which PFIF exports as believed_alive
 * with their words before the note's text (functions/domain/pfif.ts).
 */
export const NOTE_STATUSES = ['information_sought', 'is_note_author', 'believed_alive', 'in_custody', 'released', 'believed_missing', 'believed_dead'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** "Found: detained" and "Found: released": how a record's owner, and only its owner, may say a person was found. */
export const FOUND_AS = ['detained', 'released'] as const;
export type FoundAs = (typeof FOUND_AS)[number];

export const PRECISIONS = ['BROAD', 'PRECISE'] as const;
export type Precision = (typeof PRECISIONS)[number];

/**
 * "Share location" rounds the position on the device to this grid (degrees) before sending, and
 * the server rounds again: about 1 km for BROAD, about 100 m for PRECISE.
 */
export const LOCATION_GRID: Record<Precision, number> = { BROAD: 0.01, PRECISE: 0.001 };

/** A coordinate rounded to a grid, so the exact position never leaves the phone. */
export const snapToGrid = (value: number, grid: number) => Number((Math.round(value / grid) * grid).toFixed(6));

/** What a push subscription may follow: enforcement reports, community alerts, missing people, drops, jobs. */
export const PUSH_TOPICS = ['enforcement', 'alerts', 'missing', 'drops', 'jobs'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** What an enforcement report says is happening: behaviour first, not appearance. */
export const ENFORCEMENT_ACTIVITIES = [
  'Arrests or detentions',
  'Checkpoint or traffic stop',
  'Agents at a home',
  'Agents at a workplace',
  'Agents patrolling or waiting',
  'Other',
] as const;

/** Where uploaded photos are kept and served from: /images/{kind}/{id}. */
export const UPLOAD_KINDS = ['missing-persons', 'alert-photos'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export {
  ADMIN_RESOURCE_CATEGORIES,
  adminCategoryFor,
  NOT_REQUIRED,
  PUBLIC_CATEGORY_OF,
  RESOURCE_CATEGORIES,
  RESOURCE_COSTS,
  RESOURCE_LANGUAGES,
  WEEKDAYS,
  type AdminResourceCategory,
  type NotRequired,
  type ResourceCategory,
  type ResourceCost,
  type ResourceLanguage,
  type Weekday,
} from './resource-lists.ts';

/** Help requests (spec section 3, value lists). */
export const REQUEST_CATEGORIES = ['Legal', 'Food', 'Housing', 'Medical', 'Financial', 'Transportation', 'Employment', 'Childcare', 'Translation', 'Other'] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];
/** Low: can wait a few weeks; Medium: within a week; High: within 2-3 days; Critical: today. */
export const URGENCIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const OFFER_CATEGORIES = ['Food', 'Clothing', 'Furniture', 'Services', 'Transportation', 'Legal', 'Medical', 'Childcare', 'Translation', 'Other'] as const;
export type OfferCategory = (typeof OFFER_CATEGORIES)[number];
export const OFFER_CONDITIONS = ['New', 'Like New', 'Good', 'Fair', 'Service'] as const;
export type OfferCondition = (typeof OFFER_CONDITIONS)[number];
export const RESPONSE_TYPES = ['offer_help', 'claim_item'] as const;

/** Help-flow media: where it is kept and served (/images/community-assistance/{mediaType}/{objectId}). */
export const COMMUNITY_MEDIA_TYPES = ['assistance-requests', 'surplus-offers'] as const;
export type CommunityMediaType = (typeof COMMUNITY_MEDIA_TYPES)[number];

/** The external donation page when none is configured (PUBLIC_DONATION_URL, for pages and API alike). */
export const DEFAULT_DONATION_URL = 'https://donate.example.org/find-help-reunite';

/** Where Quick exit sends a person who must hide this site at once: a neutral page, a weather forecast. */
export const DEFAULT_QUICK_EXIT_URL = 'https://weather.gov';

/** Job types of the admin's job form. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary', 'Weekend Only'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** The eight sector badges at the foot of /jobs-admin. */
export const JOB_SECTORS = ['Restaurant Work', 'Construction', 'Cleaning Services', 'Landscaping', 'Warehouse', 'Childcare', 'Home Services', 'Delivery'] as const;

/** A drop is 'active' (public, shown as LIVE) or 'planning' (only admins see it). */
export const DROP_STATUSES = ['active', 'planning'] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];
