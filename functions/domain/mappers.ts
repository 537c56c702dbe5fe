/**
 * Stored rows as the API answers them: what a board lists and what the admin desk adds. Each names
 * the fields it answers, one by one: a column added to a table stays private until one of these
 * names it (manage hashes, fingerprints, search keys and the hidden flag never leave through here).
 */
import type {
  AdminJob,
  AdminResource,
  Alert,
  AssistanceRequest,
  ContactKind,
  Job,
  LostFoundNote,
  LostFoundPost,
  OwnHelpPost,
  OwnLostFoundPost,
  Resource,
  SurplusOffer,
} from '../../src/common/contract/index.ts';
import type { AlertState } from '../../src/common/contract/alerts.ts';
import { contactKindOf } from '../../src/common/format.ts';
import {
  adminCategoryFor,
  ADMIN_RESOURCE_CATEGORIES,
  CONFIRMED_BY_OTHERS,
  FOUND_AS,
  URGENT_ALERT_TYPES,
  type AdminResourceCategory,
  type AlertType,
  type FoundAs,
  type JobType,
  type NoteStatus,
  type ResourceCategory,
  type ResourceCost,
} from '../../src/common/contract/limits.ts';
import type { alerts, assistanceRequests, jobs, lostFoundNotes, lostFoundPosts, resources, surplusOffers } from '../../db/schema.ts';

export type LostFoundRow = typeof lostFoundPosts.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type RequestRow = typeof assistanceRequests.$inferSelect;
export type OfferRow = typeof surplusOffers.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

/**
 * Rows bound for a public answer, before they are opened: a contact whose kind is stored beside
 * it stays out (sealed, unread), since the answer names only the kind. A row stored before kinds
 * were opens its contact to learn it.
 */
export const withoutContacts = <R extends { contactKind: string | null }>(rows: readonly R[], contact: 'contact' | 'contactMethod'): R[] =>
  rows.map((row) => (row.contactKind ? { ...row, [contact]: null } : row));

/** What toPost reads of a stored record. */
export type PostFields = Pick<
  LostFoundRow,
  | 'id'
  | 'name'
  | 'lastSeenCity'
  | 'county'
  | 'lastSeenDate'
  | 'description'
  | 'photoUrl'
  | 'previewUrl'
  | 'contact'
  | 'contactKind'
  | 'showContact'
  | 'createdAt'
  | 'status'
  | 'isSample'
>;

/** A stored missing-person post as the board shows it: its contact only as its kind (it is shown on request). */
export const toPost = (row: PostFields): LostFoundPost => ({
  id: row.id,
  name: row.name,
  lastSeenCity: row.lastSeenCity,
  county: row.county,
  lastSeenDate: row.lastSeenDate,
  description: row.description,
  photoUrl: row.photoUrl,
  previewUrl: row.previewUrl,
  contactKind: (row.contactKind as ContactKind | null) ?? contactKindOf(row.contact),
  showContact: row.showContact,
  createdAt: row.createdAt,
  status: row.status as LostFoundPost['status'],
  sample: row.isSample,
});

/** A note as anyone reads it: its author's contact stays out. */
export const toNote = (row: typeof lostFoundNotes.$inferSelect): LostFoundNote => ({
  id: row.id,
  // Stored empty when an imported note had none (the columns predate imports and allow no null).
  authorName: row.authorName || null,
  text: row.text,
  status: (row.status || null) as NoteStatus | null,
  authorMadeContact: row.authorMadeContact,
  lastKnownLocation: row.lastKnownLocation,
  createdAt: row.createdAt,
});

/** A stored alert as the lists show it: only a moderator's check makes it verified. */
/** A responder's last word on a report (false alarm, over, verified) stands; then a moderator's check; then independent confirmations. */
export const stateOf = (row: Pick<AlertRow, 'responderState' | 'adminVerified' | 'confirmations'>): AlertState => {
  if (row.responderState === 'false-alarm' || row.responderState === 'over' || row.responderState === 'verified') return row.responderState;
  if (row.adminVerified) return 'verified';
  return row.confirmations >= CONFIRMED_BY_OTHERS ? 'confirmed' : 'reported';
};

export const toAlert = (row: AlertRow): Alert => {
  const location = row.precision === 'PRECISE' && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
  return {
    id: row.id,
    type: row.type as AlertType,
    // PRECISE only with a position to show.
    precision: location ? 'PRECISE' : 'BROAD',
    city: row.city,
    county: row.county,
    area: row.area,
    details: row.details,
    alertTime: row.alertTime,
    contact: row.contact,
    location,
    activity: row.activity,
    agents: row.agents,
    vehicles: row.vehicles,
    markings: row.markings,
    photoUrl: row.photoUrl,
    confirmations: row.confirmations,
    allClears: row.allClears,
    verified: row.adminVerified || row.responderState === 'verified',
    confirmedByOthers: row.confirmations >= CONFIRMED_BY_OTHERS,
    state: stateOf(row),
    stateBy: row.responderState ? row.responderNetwork : null,
    stateNote: row.responderState ? row.responderNote : null,
    stateAt: row.responderState ? row.responderAt : null,
    urgent: URGENT_ALERT_TYPES.includes(row.type as AlertType),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    sample: row.isSample,
  };
};

/** A missing-person post as its poster and moderators read it: with its contact. */
export const toOwnPost = (row: PostFields & Pick<LostFoundRow, 'foundAs' | 'relayTo'>): OwnLostFoundPost => ({
  ...toPost(row),
  contact: row.contact,
  relayTexts: row.relayTo !== null,
  foundAs: row.status === 'found' && FOUND_AS.includes(row.foundAs as FoundAs) ? (row.foundAs as FoundAs) : null,
});

/** What a help request and an offer share, as the board shows it: the contact method only as its kind. */
const helpPost = (row: RequestRow | OfferRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  city: row.city,
  county: row.county,
  contactName: row.contactName,
  contactKind: (row.contactKind as ContactKind | null) ?? contactKindOf(row.contactMethod) ?? 'text',
  showContact: row.showContact,
  imageUrls: row.imageUrls,
  videoUrl: row.videoUrl,
  createdAt: row.createdAt,
  sample: row.isSample,
});
export const toRequest = (row: RequestRow): AssistanceRequest => ({
  ...helpPost(row),
  category: row.category as AssistanceRequest['category'],
  urgency: row.urgency as AssistanceRequest['urgency'],
  status: row.status as AssistanceRequest['status'],
});
export const toOffer = (row: OfferRow): SurplusOffer => ({
  ...helpPost(row),
  category: row.category as SurplusOffer['category'],
  condition: row.condition as SurplusOffer['condition'],
  availability: row.availability,
  status: row.status as SurplusOffer['status'],
});
/** A help post as its poster and moderators read it: with its contact method. */
export const toOwnRequest = (row: RequestRow): OwnHelpPost<AssistanceRequest> => ({ ...toRequest(row), contactMethod: row.contactMethod, relayTexts: row.relayTo !== null });
export const toOwnOffer = (row: OfferRow): OwnHelpPost<SurplusOffer> => ({ ...toOffer(row), contactMethod: row.contactMethod, relayTexts: row.relayTo !== null });

/** A stored resource as the directory shows it. */
export const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  name: row.name,
  category: row.category as ResourceCategory,
  kind: ADMIN_RESOURCE_CATEGORIES.includes(row.adminCategory as AdminResourceCategory)
    ? (row.adminCategory as AdminResourceCategory)
    : adminCategoryFor(row.category as ResourceCategory),
  city: row.city,
  county: row.county,
  address: row.address,
  phone: row.phone,
  link: row.link,
  notes: row.notes,
  hours: row.hours,
  schedule: row.schedule ?? [],
  languages: row.languages ?? [],
  cost: row.cost as ResourceCost | null,
  whatToBring: row.whatToBring,
  notRequired: row.notRequired ?? [],
  eligibility: row.eligibility,
  serves: row.serves ?? [],
  country: row.country,
  verified: row.verified,
  verifiedOn: row.verifiedOn,
  verifiedBy: row.verifiedBy,
  sample: row.isSample,
});

/** A stored resource for the desk; a public submission shows the first admin category of its public one. */
export const toAdminResource = (row: ResourceRow): AdminResource => {
  const resource = toResource(row);
  return {
    ...resource,
    adminCategory: resource.kind,
    services: row.services,
    requirements: row.requirements,
    status: row.status === 'published' ? 'published' : 'pending',
    createdAt: row.createdAt,
  };
};

/** A stored job as the board shows it. */
export const toJob = (row: JobRow): Job => ({
  id: row.id,
  title: row.title,
  employer: row.employer,
  city: row.city,
  county: row.county,
  payRange: row.payRange,
  notes: row.notes,
  contact: row.contact,
  acceptsNoPapers: row.acceptsNoPapers,
  urgent: row.urgent,
  jobType: row.jobType as JobType | null,
  createdAt: row.createdAt,
  sample: row.isSample,
});

export const toAdminJob = (row: JobRow): AdminJob => ({
  ...toJob(row),
  requirements: row.requirements,
  status: row.status === 'approved' ? 'approved' : 'pending',
});
