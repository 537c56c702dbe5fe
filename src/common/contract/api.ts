/**
 * Every route of the API in one table: what it does, who may call it, the contract schema its
 * body is checked against, what it answers and the rate limit it spends. The OpenAPI document
 * (./openapi.ts, served at GET /api/openapi.json and listed on /api-docs) is generated from it,
 * and a test fails when the app has a route this table lacks, or the other way round: a new
 * route is one entry here. Answers are described in words that name their contract type (the
 * output types are TypeScript interfaces, checked by the typecheck, not schemas).
 */
import type * as z from 'zod/mini';
import { adminDropInput, adminJobInput, adminResourceInput, signInInput } from './admin.ts';
import { alertInput, markInput, ownerCodeInput, subscriptionInput, textCodeInput, unsubscribeInput } from './alerts.ts';
import { jobInput, RESOURCE_FILTERS, resourceInput, sosInput, volunteerInput } from './directory.ts';
import { manageInput, showContactInput } from './fields.ts';
import { assistanceRequestInput, assistanceResponseInput, surplusOfferInput } from './help.ts';
import { PAGE_SIZE, TEXT_CODE, type RateLimitName } from './limits.ts';
import { lostFoundInput, lostFoundManageInput, lostFoundNoteInput, postMessageInput, privateFactsInput } from './lost-found.ts';
import { pushFollowInput, pushReminderInput, pushSubscriptionInput, pushUnfollowInput, pushUnsubscribeInput } from './push.ts';
import { inviteInput, inviteVerifyInput, reportActInput, responderInput, signInVerifyInput } from './responders.ts';
import { communityUploadRequest, multipartComplete, multipartStart, uploadRequest } from './media.ts';

export const API_TAGS = {
  'Missing persons': 'The missing-person board, its notes, and the PFIF 1.4 feed for Person Finder.',
  Alerts: 'Community alerts and enforcement reports, and subscriptions to them: text alerts and Web Push.',
  Help: 'Requests for help, offers of surplus, and the answers to them.',
  Directory: 'Resources, jobs, food and supply drops, SOS requests.',
  Uploads: 'Photos and videos for posts: ask for an address, then send the file there, whole or (under /api/uploads) in parts that survive a dropped connection.',
  Site: 'The community pulse, live figures, the map counts, the donation link, and this description.',
  Admin: 'The moderation desk. Every route but signing in needs an admin session; every change must come from this site (Origin).',
  Responders: 'Rapid responders: an invite makes a passkey (WebAuthn), which signs them in to act on the reports of their counties.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface ApiRoute {
  /** A line: what /api-docs lists for the route, in every language's page. */
  summary: string;
  /** The rest, in the OpenAPI document only (GET /api/openapi.json). */
  description?: string;
  tag: ApiTag;
  /** Who may call it: anyone (absent), the poster with the post's manage secret, a signed-in admin or a signed-in rapid responder. */
  auth?: 'manage' | 'admin' | 'responder';
  /** The JSON body's contract schema. */
  body?: z.ZodMiniType;
  /** The body is a file (its bytes), not JSON. */
  file?: string;
  /** Query parameters, each with what it does (and, when it takes only some, its values). */
  query?: Record<string, string | { description: string; values: readonly string[] }>;
  answer: {
    status: 200 | 201 | 202 | 204 | 302;
    description: string;
    /** The answer is a list of what `description` names. */
    list?: true;
    /** Not JSON: a PFIF XML document, a CAP alert, an Atom feed, an iCalendar file, a page for browsers without JavaScript, or TwiML. */
    media?: 'application/xml' | 'application/cap+xml' | 'application/atom+xml' | 'text/calendar' | 'text/html' | 'text/xml';
  };
  /** The rate limits it spends (one of them, by the body), in RATE_LIMITS. */
  limit?: RateLimitName[];
}

const PAGED = {
  limit: 'How many to answer (the page size; capped).',
  before: 'The createdAt of the last one of the previous page (ISO 8601): only those created before it, and with beforeId those of the same minute further down the list.',
  beforeId: 'With before: the id of the last one of the previous page. Times are kept to the minute; within one, the latest posted comes first.',
};

/** HSDS's paging: `total_items`, `total_pages`, `page_number`, `size`, `first_page`, `last_page`, `empty`, `contents`. */
const HSDS_PAGED = {
  page: 'Which page, from 1 (the first without it); not a whole number from 1: 400 invalid_query.',
  per_page: `How many a page holds (${PAGE_SIZE.default} without it, at most ${PAGE_SIZE.max}); not a whole number from 1: 400 invalid_query.`,
};

/** A route of the HSDS read API (functions/routes/hsds.ts): public, JSON as the standard has it. */
const hsds = (summary: string, description: string, query?: Record<string, string>): ApiRoute => ({
  summary,
  tag: 'Directory',
  ...(query ? { query } : {}),
  answer: { status: 200, description },
});
/** Which multipart upload a call is about, with its uploadId in the path. */
const UPLOAD_KEY = { key: 'The key POST /api/uploads/s3/multipart answered with the uploadId.' };

/** A route of the moderators' desk (signed in as an admin) answering 200 with `description`; `list`: a list of them. */
const desk = (summary: string, description: string, list?: 'list'): ApiRoute => ({
  summary,
  tag: 'Admin',
  auth: 'admin',
  answer: { status: 200, description, ...(list ? { list: true } : {}) },
});

/** Every public list's area filter (functions/domain/places.ts). */
const COUNTY = { county: 'Only those placed in this California county (any case; "Fresno" or "Fresno County"); not a county: 400 invalid_county.' };

const hideRestore = (path: string, what: string) => ({
  [`POST /api/admin/${path}/:id/hide`]: desk(`Hide a ${what} from the public`, `The ${what}, hidden`),
  [`POST /api/admin/${path}/:id/restore`]: desk(`Show a hidden ${what} again`, `The ${what}, shown`),
});

const helpBoard = (path: string, what: string, type: string, body: z.ZodMiniType, done: string) =>
  ({
    [`GET /api/${path}`]: {
      summary: `Open ${what}s, newest first`,
      tag: 'Help',
      query: { ...COUNTY, ...PAGED },
      answer: { status: 200, description: `${type} objects`, list: true },
    },
    [`POST /api/${path}`]: {
      summary: `Post a ${what}`,
      tag: 'Help',
      body,
      limit: ['helpPost'],
      answer: { status: 201, description: `The ${type}, with its private manageToken (answered this once)` },
    },
    [`GET /api/${path}/:id`]: { summary: `One open ${what}`, tag: 'Help', answer: { status: 200, description: type } },
    [`GET /api/${path}/:id/manage`]: {
      summary: `The poster's view of a ${what}, with the answers to it`,
      tag: 'Help',
      auth: 'manage',
      answer: { status: 200, description: `The ${type} and its AssistanceResponse answers, with their contacts` },
    },
    [`PATCH /api/${path}/:id`]: {
      summary: `Mark a ${what} ${done}`,
      tag: 'Help',
      auth: 'manage',
      body: manageInput,
      answer: { status: 200, description: `The ${type}, ${done}` },
    },
    [`DELETE /api/${path}/:id`]: { summary: `Delete a ${what} with its media and answers`, tag: 'Help', auth: 'manage', answer: { status: 204, description: 'Deleted' } },
  }) satisfies Record<string, ApiRoute>;

const adminBoard = (path: string, what: string, type: string, body: z.ZodMiniType, extra: Record<string, ApiRoute>) =>
  ({
    [`GET /api/admin/${path}`]: desk(`Every ${what}, for the desk`, `${type} objects`, 'list'),
    [`POST /api/admin/${path}`]: { summary: `Add a ${what}`, tag: 'Admin', auth: 'admin', body, answer: { status: 201, description: `The new ${type}` } },
    [`PUT /api/admin/${path}/:id`]: { summary: `Change a ${what}`, tag: 'Admin', auth: 'admin', body, answer: { status: 200, description: `The changed ${type}` } },
    [`DELETE /api/admin/${path}/:id`]: { summary: `Delete a ${what}`, tag: 'Admin', auth: 'admin', answer: { status: 204, description: 'Deleted' } },
    ...extra,
  }) satisfies Record<string, ApiRoute>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Keyed "METHOD /path" as the app's router names them (`:id` for a path parameter). */
export const API_ROUTES: Record<`${Method} /api/${string}`, ApiRoute> = {
  'GET /api/lost-found': {
    summary: 'The missing-person board, newest first, or the records a search finds',
    tag: 'Missing persons',
    query: { q: 'Words that must all be in the name or the last-seen city; the records found come best first.', ...COUNTY, ...PAGED },
    answer: { status: 200, description: 'LostFoundPost objects (with the contact the poster chose to show)', list: true },
  },
  'POST /api/lost-found': {
    summary: 'Post a missing person',
    tag: 'Missing persons',
    body: lostFoundInput,
    limit: ['lostFoundPost'],
    answer: { status: 201, description: 'The LostFoundPost, with its private manageToken (answered this once)' },
  },
  'POST /api/lost-found/search': {
    summary: 'The board search as a page, for a form posted without JavaScript',
    tag: 'Missing persons',
    file: 'A form (application/x-www-form-urlencoded) with q and lang',
    answer: { status: 200, description: 'An HTML page of the records found', media: 'text/html' },
  },
  'GET /api/lost-found/:id': {
    summary: 'One record with its notes, newest first',
    tag: 'Missing persons',
    answer: { status: 200, description: "LostFoundRecord (the post and its LostFoundNote notes, without their authors' contacts)" },
  },
  'GET /api/lost-found/:id/page': {
    summary: "The record's page as it was once addressed",
    tag: 'Missing persons',
    query: { lang: 'The page language (en, es, zh, zh-hant, hi, pa, ta, ar, ko, vi, tl).' },
    answer: { status: 302, description: 'A redirect to /person/ID in that language' },
  },
  'GET /api/lost-found/:id/token': {
    summary: "A one-time token for the record page's form without JavaScript",
    tag: 'Missing persons',
    answer: {
      status: 200,
      description: '{ token }: lets one contact reveal (or, when the family keeps it private, one message) through a form posted without JavaScript, within an hour',
    },
  },
  'GET /api/p/:code': {
    summary: "A record's short address, as text messages give it (the first 10 hex digits of its id, the language after a dot: 3f2a9c1b0d.es)",
    tag: 'Missing persons',
    answer: { status: 302, description: "A redirect to the record's page in that language" },
  },
  'POST /api/lost-found/:id/notes': {
    summary: 'Add a note to a record: what someone knows of the person',
    tag: 'Missing persons',
    body: lostFoundNoteInput,
    limit: ['lostFoundNote'],
    answer: { status: 201, description: 'The LostFoundNote' },
  },
  'GET /api/lost-found/:id/manage': {
    summary: "The poster's view: the notes with their contacts, and the expiry",
    tag: 'Missing persons',
    auth: 'manage',
    answer: { status: 200, description: 'LostFoundManage' },
  },
  'PUT /api/lost-found/:id/facts': {
    summary: 'Keep, change or forget what the detainee locator asks for',
    description: "Country and date of birth, A-number: sealed, read back only by the poster's view, never in a public answer, page, export or search.",
    tag: 'Missing persons',
    auth: 'manage',
    body: privateFactsInput,
    answer: { status: 200, description: 'The PrivateFacts as kept' },
  },
  'POST /api/lost-found/:id/renew': {
    summary: 'Keep a record listed longer',
    tag: 'Missing persons',
    auth: 'manage',
    answer: { status: 200, description: 'The new expiresAt (ISO 8601)' },
  },
  'PATCH /api/lost-found/:id': {
    summary: 'Mark the person found',
    tag: 'Missing persons',
    auth: 'manage',
    body: lostFoundManageInput,
    answer: { status: 200, description: 'The LostFoundPost, found' },
  },
  'DELETE /api/lost-found/:id': { summary: 'Delete a record, its notes and its photo', tag: 'Missing persons', auth: 'manage', answer: { status: 204, description: 'Deleted' } },
  'POST /api/lost-found/:id/messages': {
    summary: 'Send a message to the family',
    description:
      "Only when the record's contact is not shown. With a proof of work, or a form's one-time token. Never answers the family's contact. Gone: 404; contact shown: 409; the record's limit: 429 post_limit.",
    tag: 'Missing persons',
    body: postMessageInput,
    limit: ['message', 'messagePerPost'],
    answer: { status: 201, description: 'The id of the message' },
  },
  'DELETE /api/lost-found/:id/messages/:messageId': { summary: 'Delete a message', tag: 'Missing persons', auth: 'manage', answer: { status: 204, description: 'Deleted' } },
  'GET /api/pfif': {
    summary: 'The listed records with their notes as PFIF 1.4 (never a contact)',
    tag: 'Missing persons',
    query: PAGED,
    answer: { status: 200, description: 'A PFIF 1.4 document; a full page links the next in its Link header (rel="next")', media: 'application/xml' },
  },

  'GET /api/alerts/feed.atom': {
    summary: 'The open alerts, and those closed or taken down in the last day, as an Atom 1.0 feed, newest change first (no samples)',
    tag: 'Alerts',
    answer: { status: 200, description: 'An Atom feed; each entry links its CAP 1.2 document and its board', media: 'application/atom+xml' },
  },
  'GET /api/alerts/:id/cap.xml': {
    summary: 'One open alert as CAP 1.2 (its area is the city and county, never a position); a CAP Cancel once it is closed, taken down or a false alarm',
    tag: 'Alerts',
    answer: { status: 200, description: 'A CAP 1.2 message: an Alert, or a Cancel referencing it', media: 'application/cap+xml' },
  },
  'GET /api/alerts': {
    summary: 'Open alerts, newest first',
    tag: 'Alerts',
    query: { type: 'Only alerts of this type.', ...COUNTY, ...PAGED },
    answer: { status: 200, description: 'Alert objects', list: true },
  },
  'POST /api/alerts': {
    summary: 'Post an alert or an enforcement report',
    tag: 'Alerts',
    body: alertInput,
    limit: ['alert', 'enforcementReport'],
    answer: { status: 201, description: 'The Alert' },
  },
  'GET /api/alerts/tallies': {
    summary: 'Report numbers per county and week',
    tag: 'Alerts',
    answer: { status: 200, description: 'ReportTally objects, newest week first', list: true },
  },
  'POST /api/alerts/:id/marks': {
    summary:
      '"I see it too" or "all clear", counted once per network (IPv4 /24, IPv6 /48) and alert, never from the reporter\'s network, each with a proof of work; "all clear" never closes an alert',
    tag: 'Alerts',
    body: markInput,
    limit: ['alertMark'],
    answer: { status: 200, description: 'The Alert with `counted`' },
  },
  'POST /api/alert-subscriptions': {
    summary: 'Ask for emergency texts for a city (or all), in a language',
    description:
      'A code is texted to the number, and the texts start once it is entered (POST /api/alert-subscriptions/confirm). The answer is the same for every number; codes are limited per client and per number (textCodeNumber).',
    tag: 'Alerts',
    body: subscriptionInput,
    limit: ['subscription', 'textCodeNumber'],
    answer: { status: 202, description: '`{ phone }`: the normalized number a code was texted to' },
  },
  'POST /api/alert-subscriptions/confirm': {
    summary: 'The code texted to a number, entered: its texts start',
    description: `A code works ${TEXT_CODE.minutes} minutes, once, and dies after ${TEXT_CODE.tries} tries in all; any code that does not work gets the same 400 wrong_code.`,
    tag: 'Alerts',
    body: textCodeInput,
    limit: ['textCodeTry'],
    answer: { status: 201, description: 'The normalized phone, city and lang' },
  },
  'POST /api/alert-subscriptions/reminders': {
    summary: 'Locator reminders by text',
    description: 'Texts the number a code; entered (…/confirm), it starts texts at 8, 24 and 48 hours reminding to search the detainee locator again. STOP ends them.',
    tag: 'Missing persons',
    body: unsubscribeInput,
    limit: ['reminder', 'textCodeNumber'],
    answer: { status: 202, description: '`{ phone }`' },
  },
  'POST /api/alert-subscriptions/reminders/confirm': {
    summary: 'Their code, entered',
    tag: 'Missing persons',
    body: textCodeInput,
    limit: ['textCodeTry'],
    answer: { status: 201, description: '`{ phone, reminders }`: when each text goes' },
  },
  'POST /api/alert-subscriptions/stop': {
    summary: 'Ask to stop the texts to a number',
    description:
      'A code is texted to it, to enter at POST /api/alert-subscriptions/stop/confirm (a phone can also text STOP). The answer is the same for every number, subscribed or not; codes are limited per client and per number (textCodeNumber).',
    tag: 'Alerts',
    body: unsubscribeInput,
    limit: ['subscription', 'textCodeNumber'],
    answer: { status: 202, description: '`{ phone }`: the normalized number a code was texted to' },
  },
  'POST /api/alert-subscriptions/stop/confirm': {
    summary: 'The stop code texted to a number, entered: its texts stop. The same rules and refusal as confirm',
    tag: 'Alerts',
    body: textCodeInput,
    limit: ['textCodeTry'],
    answer: { status: 200, description: '`{ phone }`, with no more texts to it' },
  },
  'GET /api/push/key': {
    summary: 'The VAPID public key (RFC 8292) a browser subscribes to Web Push with',
    tag: 'Alerts',
    answer: { status: 200, description: '`{ publicKey }`: the uncompressed P-256 point, base64url' },
  },
  'POST /api/push/subscriptions': {
    summary: 'Get a push for each new alert, enforcement report, missing person, drop or job, by county and topic; the same endpoint again replaces them',
    tag: 'Alerts',
    body: pushSubscriptionInput,
    limit: ['pushSubscription'],
    answer: { status: 201, description: 'PushSubscriptionState: the endpoint, counties, topics and lang (never the keys)' },
  },
  'DELETE /api/push/subscriptions': {
    summary: 'Stop the pushes to a browser',
    tag: 'Alerts',
    body: pushUnsubscribeInput,
    answer: { status: 200, description: 'The endpoint and whether it was subscribed (`removed`)' },
  },

  ...helpBoard('assistance-requests', 'request for help', 'AssistanceRequest', assistanceRequestInput, 'fulfilled'),
  ...helpBoard('surplus-offers', 'surplus offer', 'SurplusOffer', surplusOfferInput, 'taken'),
  'POST /api/assistance-responses': {
    summary: 'Answer a request ("I can help") or an offer ("I would like this")',
    tag: 'Help',
    body: assistanceResponseInput,
    limit: ['helpResponse'],
    answer: { status: 201, description: 'The new answer id' },
  },

  'GET /api/resources': {
    summary: 'Published resources, verified first',
    tag: 'Directory',
    query: { category: 'Only resources of this category.', kind: 'Only these finer categories, comma-separated.', ...COUNTY, ...RESOURCE_FILTERS, limit: PAGED.limit },
    answer: { status: 200, description: 'Resource objects', list: true },
  },
  'POST /api/resources': {
    summary: 'Suggest a resource; it waits for a moderator',
    tag: 'Directory',
    body: resourceInput,
    limit: ['resource'],
    answer: { status: 201, description: '{ status: "pending" }' },
  },
  'GET /api/jobs': {
    summary: 'Approved jobs, newest first',
    tag: 'Directory',
    query: { ...COUNTY, limit: PAGED.limit },
    answer: { status: 200, description: 'Job objects', list: true },
  },
  'POST /api/jobs': {
    summary: 'Suggest a job; it waits for a moderator',
    tag: 'Directory',
    body: jobInput,
    limit: ['job'],
    answer: { status: 201, description: '{ status: "pending" }' },
  },
  'GET /api/drops': {
    summary: 'Upcoming food and supply drops, soonest first',
    tag: 'Directory',
    query: { ...COUNTY, limit: PAGED.limit },
    answer: { status: 200, description: 'Drop objects', list: true },
  },
  'GET /api/drops/calendar.ics': {
    summary: 'The upcoming drops as iCalendar events (America/Los_Angeles; no samples)',
    tag: 'Directory',
    answer: { status: 200, description: 'An iCalendar file, one VEVENT per drop', media: 'text/calendar' },
  },
  'GET /api/drops/:id/calendar.ics': {
    summary: 'One upcoming drop as an iCalendar file to add to a phone calendar',
    tag: 'Directory',
    answer: { status: 200, description: 'An iCalendar file with one VEVENT', media: 'text/calendar' },
  },
  'GET /api/drops/next': { summary: 'The next drop', tag: 'Directory', query: COUNTY, answer: { status: 200, description: 'A Drop, or null' } },
  'POST /api/drops/:id/volunteers': {
    summary: 'Sign up to help at a drop',
    tag: 'Directory',
    body: volunteerInput,
    limit: ['volunteer'],
    answer: { status: 201, description: 'How many signed up (`volunteers`)' },
  },
  'POST /api/sos': {
    summary: 'Ask the moderators for help; never listed',
    tag: 'Directory',
    body: sosInput,
    limit: ['sos'],
    answer: { status: 201, description: '{ received: true }' },
  },

  'POST /api/upload': {
    summary: 'An address to upload a post photo to',
    tag: 'Uploads',
    body: uploadRequest,
    limit: ['photoUpload'],
    answer: { status: 201, description: 'The uploadURL to PUT the photo to' },
  },
  'PUT /api/upload/:kind/:id': {
    summary: 'Upload the photo (metadata is stripped); the address takes one PUT, refused or not',
    tag: 'Uploads',
    file: 'A JPEG, PNG or WebP photo',
    answer: { status: 201, description: 'The photo url to put in the post' },
  },
  'POST /api/community-assistance/upload': {
    summary: 'An address to upload a help post image or video to',
    tag: 'Uploads',
    body: communityUploadRequest,
    limit: ['mediaUpload'],
    answer: { status: 201, description: 'CommunityUploadParams: the url to PUT the file to' },
  },
  'PUT /api/community-assistance/upload/:mediaType/:id': {
    summary: 'Upload the image or video (metadata is stripped); the address takes one PUT, refused or not',
    tag: 'Uploads',
    file: 'A JPEG, PNG or WebP image, or an MP4 or MOV video of at most 60 seconds',
    answer: { status: 201, description: 'UploadedMedia: the url to put in the post' },
  },

  'GET /api/pulse': {
    summary: 'The newest public posts of every board in one list',
    tag: 'Site',
    query: { ...COUNTY, limit: PAGED.limit },
    answer: { status: 200, description: 'PulseItem objects (never a contact)', list: true },
  },
  'GET /api/live/stats': { summary: 'People watching, text subscribers, open alerts', tag: 'Site', answer: { status: 200, description: 'LiveStats' } },
  'GET /api/places/counts': { summary: 'Open alerts, resources and drops per California county', tag: 'Site', answer: { status: 200, description: 'PlaceCounts' } },
  'GET /api/donation-links': { summary: 'The donation page every donate button opens', tag: 'Site', answer: { status: 200, description: 'DonationLinks' } },
  'GET /api/openapi.json': { summary: 'This description of the API (OpenAPI 3.1)', tag: 'Site', answer: { status: 200, description: 'The OpenAPI document' } },

  'POST /api/admin/session': {
    summary: 'Sign in; the session cookie is set',
    tag: 'Admin',
    body: signInInput,
    limit: ['adminSignIn'],
    answer: { status: 200, description: 'The admin name and the session expiresAt' },
  },
  'POST /api/admin/session/passkey/options': {
    summary: 'A sign-in passkey prompt (WebAuthn)',
    tag: 'Admin',
    limit: ['passkey'],
    answer: { status: 200, description: 'PublicKeyCredentialRequestOptionsJSON' },
  },
  'POST /api/admin/session/passkey': {
    summary: 'Sign in with a passkey',
    tag: 'Admin',
    body: signInVerifyInput,
    limit: ['adminSignIn'],
    answer: { status: 200, description: 'The admin name and the session expiresAt' },
  },
  'GET /api/admin/session': desk('Who is signed in', 'The admin name and the session expiresAt'),
  'POST /api/admin/passkeys/options': desk('A passkey prompt (WebAuthn)', 'PublicKeyCredentialCreationOptionsJSON'),
  'POST /api/admin/passkeys': {
    ...desk('Make a passkey', 'How many passkeys this admin has'),
    body: signInVerifyInput,
    answer: { status: 201, description: 'How many passkeys this admin has' },
  },
  'DELETE /api/admin/session': { summary: 'Sign out', tag: 'Admin', auth: 'admin', answer: { status: 204, description: 'Signed out' } },
  'GET /api/admin/dashboard': desk('The counts and queues of the desk', 'Dashboard'),
  'GET /api/admin/alerts': desk('Every open alert, hidden ones included', 'AdminAlert objects', 'list'),
  ...hideRestore('alerts', 'alert'),
  'POST /api/admin/alerts/:id/verify': desk('Mark an alert verified', 'The AdminAlert'),
  'POST /api/admin/alerts/:id/all-clear': desk('Close an alert: it leaves the lists and is deleted', 'The AdminAlert'),
  'GET /api/admin/lost-found': desk('Missing-person records, hidden ones included', 'AdminLostFoundPost objects', 'list'),
  ...hideRestore('lost-found', 'missing-person record'),
  'GET /api/admin/lost-found-notes': desk('Notes on records, hidden ones included', 'AdminLostFoundNote objects', 'list'),
  ...hideRestore('lost-found-notes', 'note'),
  'GET /api/admin/help-posts': desk('Requests and offers, hidden ones included', 'AdminHelpPost objects', 'list'),
  ...hideRestore('help-posts/requests', 'request for help'),
  ...hideRestore('help-posts/offers', 'surplus offer'),
  'POST /api/admin/sos/:id/handled': desk('Mark an SOS request handled', 'AdminSos'),
  'POST /api/admin/pfif': {
    summary: 'Import a PFIF 1.1-1.4 file',
    tag: 'Admin',
    auth: 'admin',
    file: 'A PFIF 1.1-1.4 XML document',
    answer: { status: 200, description: 'PfifImportSummary' },
  },
  ...adminBoard('drops', 'drop', 'AdminDrop', adminDropInput, {}),
  ...adminBoard('resources', 'resource', 'AdminResource', adminResourceInput, {
    'POST /api/admin/resources/:id/verify': desk('Verify and publish a resource', 'The AdminResource'),
  }),
  ...adminBoard('jobs', 'job', 'AdminJob', adminJobInput, {
    'POST /api/admin/jobs/:id/approve': desk('Approve a job for the board', 'The AdminJob'),
  }),
  'GET /api/admin/responders': desk('Rapid responders', 'Responder objects', 'list'),
  'POST /api/admin/responders': {
    summary: 'Invite a rapid responder: a one-time link that makes their passkey',
    tag: 'Admin',
    auth: 'admin',
    body: responderInput,
    answer: { status: 201, description: 'ResponderInvite: the Responder, the link (/respond#invite=TOKEN) and when it expires' },
  },
  'POST /api/admin/responders/:id/invite': desk('A new invite link (the one before stops working)', 'ResponderInvite'),
  'POST /api/admin/responders/:id/pause': desk('Pause a responder until resumed', 'The Responder'),
  'POST /api/admin/responders/:id/resume': desk('Resume a paused responder', 'The Responder'),
  'POST /api/admin/responders/:id/remove': desk('Remove a responder and forget their passkeys', 'The Responder'),
  'POST /api/respond/invite/options': {
    summary: "An invite's passkey prompt (WebAuthn)",
    tag: 'Responders',
    body: inviteInput,
    limit: ['passkey'],
    answer: { status: 200, description: 'PublicKeyCredentialCreationOptionsJSON' },
  },
  'POST /api/respond/invite/verify': {
    summary: "Make the invite's passkey and sign in",
    tag: 'Responders',
    body: inviteVerifyInput,
    answer: { status: 200, description: 'ResponderSession' },
  },
  'POST /api/respond/sign-in/options': {
    summary: 'A sign-in passkey prompt (WebAuthn)',
    tag: 'Responders',
    limit: ['passkey'],
    answer: { status: 200, description: 'PublicKeyCredentialRequestOptionsJSON' },
  },
  'POST /api/respond/sign-in/verify': {
    summary: 'Sign in with a passkey',
    tag: 'Responders',
    body: signInVerifyInput,
    answer: { status: 200, description: 'ResponderSession' },
  },
  'GET /api/respond/session': { summary: 'Who is signed in', tag: 'Responders', auth: 'responder', answer: { status: 200, description: 'ResponderSession' } },
  'DELETE /api/respond/session': { summary: 'Sign out', tag: 'Responders', auth: 'responder', answer: { status: 204, description: 'Signed out' } },
  'GET /api/respond/reports': {
    summary: "The open reports of the responder's counties, with what responders did",
    tag: 'Responders',
    auth: 'responder',
    answer: { status: 200, description: 'DeskReport objects', list: true },
  },
  'POST /api/respond/reports/:id': {
    summary: 'Act on a report: going, verified, false-alarm or over',
    tag: 'Responders',
    auth: 'responder',
    body: reportActInput,
    answer: { status: 200, description: 'The Alert, its state as it now stands' },
  },
  'GET /api/hsds/': hsds('The Open Referral HSDS 3.0 read API: its version and where it is described', 'HSDS API information: version, openapi_url'),
  'GET /api/hsds/services': hsds('Published resources as HSDS 3.0 services, by name', 'An HSDS page of services (their one-to-one fields)', HSDS_PAGED),
  'GET /api/hsds/services/:id': hsds('One HSDS 3.0 service with its organization, phones, schedules, languages, costs, documents and location', 'An HSDS service, fully nested'),
  'GET /api/hsds/organizations': hsds('Published resources as HSDS 3.0 organizations, by name', 'An HSDS page of organizations', HSDS_PAGED),
  'GET /api/hsds/organizations/:id': hsds('One HSDS 3.0 organization with its service and location', 'An HSDS organization, fully nested'),
  'GET /api/hsds/service_at_locations': hsds(
    'Published resources that say where they are, as HSDS 3.0 services at locations, by name',
    'An HSDS page of service_at_location objects, each with its service and location',
    HSDS_PAGED,
  ),
  'POST /api/sms/inbound': {
    summary: "An SMS provider's webhook for texts to the service's number",
    description:
      "The commands STOP, START, HELP, ALERTS, FIND, FOOD, REPORT, LANG, in Twilio's form; 403 unless signed with SMS_INBOUND_SECRET (X-Twilio-Signature), 404 without it. Texts from one number are rate limited by a keyed hash of it: a flood gets an empty answer.",
    tag: 'Alerts',
    file: 'A form (application/x-www-form-urlencoded) with From and Body, as Twilio posts it',
    answer: { status: 200, description: 'The reply as TwiML (<Response><Message>), at most 2 SMS segments', media: 'text/xml' },
  },
  'GET /api/health': {
    summary: 'For an uptime monitor: the database and media store writable, the live room reachable, the outbox age and the version',
    tag: 'Site',
    answer: { status: 200, description: 'HealthReport; 503 with the failing parts named when one fails' },
  },
  'POST /api/push/subscriptions/lookup': {
    summary: 'What is kept for a browser’s push subscription (the endpoint in the body, never in an address): its counties, topics, lang and the records it follows',
    tag: 'Alerts',
    body: pushUnsubscribeInput,
    answer: { status: 200, description: 'PushDeviceState; 404 when the endpoint has no subscription' },
  },
  'POST /api/push/reminders': {
    summary: 'Locator reminders',
    description: 'Reminds this browser to search the detainee locator again 8, 24 and 48 hours from now (asked again: from the start). Only the subscription is sent.',
    tag: 'Missing persons',
    body: pushReminderInput,
    limit: ['reminder'],
    answer: { status: 201, description: '{ reminders }: when each will be pushed' },
  },
  'DELETE /api/push/reminders': {
    summary: 'Stop a browser’s reminders',
    tag: 'Missing persons',
    body: pushUnsubscribeInput,
    answer: { status: 200, description: 'The endpoint and whether reminders were stopped (`removed`)' },
  },
  'POST /api/push/follows': {
    summary: 'Notify this browser about one missing-person record: a visible note, or the person marked found',
    description: 'A subscription with no area or topic is kept if there is none.',
    tag: 'Missing persons',
    body: pushFollowInput,
    limit: ['pushFollow'],
    answer: { status: 201, description: 'FollowedRecord: the id, name and status; 409 past the cap of records followed' },
  },
  'PUT /api/owners/:board/:id/show-contact': {
    summary: "Show or hide a post's contact",
    description: 'board: lost-found, assistance-requests or surplus-offers. Hidden (the default), people write through the site instead.',
    tag: 'Missing persons',
    auth: 'manage',
    body: showContactInput,
    answer: { status: 200, description: 'The choice' },
  },
  'PUT /api/owners/:board/:id/push': {
    summary: 'Push to this browser on a message to my post',
    tag: 'Missing persons',
    auth: 'manage',
    body: pushReminderInput,
    answer: { status: 200, description: '{ told: true }' },
  },
  'DELETE /api/owners/:board/:id/push': {
    summary: 'Stop those pushes',
    tag: 'Missing persons',
    auth: 'manage',
    body: pushUnsubscribeInput,
    answer: { status: 200, description: '{ told: false }' },
  },
  'POST /api/owners/:board/:id/texts': {
    summary: "Text a code to my post's number",
    description: 'To start texts of the messages. Not a US phone number: 409 no_phone.',
    tag: 'Missing persons',
    auth: 'manage',
    limit: ['textCodeNumber'],
    answer: { status: 202, description: '`{ phone }`' },
  },
  'POST /api/owners/:board/:id/texts/confirm': {
    summary: 'Start those texts with the code',
    tag: 'Missing persons',
    auth: 'manage',
    body: ownerCodeInput,
    limit: ['textCodeTry'],
    answer: { status: 200, description: '{ relayTexts: true }' },
  },
  'DELETE /api/owners/:board/:id/texts': { summary: 'Stop those texts', tag: 'Missing persons', auth: 'manage', answer: { status: 200, description: '{ relayTexts: false }' } },
  'DELETE /api/push/follows': {
    summary: 'Stop notifying this browser about one record',
    tag: 'Missing persons',
    body: pushUnfollowInput,
    answer: { status: 200, description: 'The id and whether it was followed (`removed`)' },
  },
  'POST /api/uploads/s3/multipart': {
    summary: 'Start a multipart upload (metadata.kind: a photo kind or a help media type), as @uppy/aws-s3 asks a Companion server',
    tag: 'Uploads',
    body: multipartStart,
    limit: ['photoUpload', 'mediaUpload'],
    answer: { status: 200, description: '{ uploadId, key }' },
  },
  'GET /api/uploads/s3/multipart/:uploadId': {
    summary: 'The parts received so far, to resume without sending them again',
    tag: 'Uploads',
    query: UPLOAD_KEY,
    answer: { status: 200, description: 'ReceivedPart objects (PartNumber, Size, ETag)', list: true },
  },
  'GET /api/uploads/s3/multipart/:uploadId/:partNumber': {
    summary: 'The address to PUT one part to: signed, short-lived, for this upload and part number only',
    tag: 'Uploads',
    query: UPLOAD_KEY,
    answer: { status: 200, description: '{ url, expires } (seconds)' },
  },
  'PUT /api/uploads/parts/:token': {
    summary: 'Upload one part (its size reserved against the cap before it is read; one copy of a part number at a time); answers its ETag header',
    tag: 'Uploads',
    file: 'The part’s bytes; part 1 must begin an image (or a video, for help media)',
    answer: { status: 200, description: 'No body: the part’s ETag header' },
  },
  'POST /api/uploads/s3/multipart/:uploadId/complete': {
    summary: 'Join the listed parts; the file is checked and stripped of its metadata as a single upload is',
    tag: 'Uploads',
    query: UPLOAD_KEY,
    body: multipartComplete,
    answer: { status: 200, description: 'UploadedFile: the location (url) to put in the post' },
  },
  'DELETE /api/uploads/s3/multipart/:uploadId': {
    summary: 'Abort a multipart upload and free the parts received',
    tag: 'Uploads',
    query: UPLOAD_KEY,
    answer: { status: 204, description: 'Nothing' },
  },
  'GET /api/uploads/s3/params': {
    summary: 'A single-part upload: a form POST of the fields and the file to the url',
    tag: 'Uploads',
    query: {
      filename: 'Not used: the server names the file.',
      type: 'Not used: the server reads the type from the bytes.',
      'metadata[kind]': 'A photo kind or a help media type.',
    },
    limit: ['photoUpload', 'mediaUpload'],
    answer: { status: 200, description: '{ method: POST, url, fields, headers, expires }' },
  },
  'POST /api/uploads/objects/:token': {
    summary: 'Upload a whole file as multipart/form-data (the fields, then `file`, last); the address takes one post, refused or not',
    tag: 'Uploads',
    file: 'A form with the fields s3/params gave and the file',
    answer: { status: 201, description: 'UploadedFile: the location (url) to put in the post' },
  },
  'GET /api/uploads/s3/sts': {
    summary: 'Not offered: temporary storage credentials are never handed out (501)',
    tag: 'Uploads',
    answer: { status: 200, description: 'Never: always 501 not_offered' },
  },
  // Contacts on request and proof of work (issue 21).
  ...Object.fromEntries(
    (['lost-found', 'assistance-requests', 'surplus-offers'] as const).map((board) => [
      `POST /api/${board}/:id/contact`,
      {
        summary: "The poster's contact, one at a time",
        description: 'Send the proof of work the first answer (428) asks for in the x-proof-of-work header; a form post (no script) gets a page.',
        tag: board === 'lost-found' ? 'Missing persons' : 'Help',
        limit: ['contactReveal'],
        answer: { status: 200, description: 'RevealedContact (never cached)' },
      } satisfies ApiRoute,
    ]),
  ),
  'GET /api/pow/challenge': {
    summary: 'A proof-of-work challenge for one kind of request, at the difficulty it needs now',
    tag: 'Site',
    query: { for: 'The kind of request: a rate limit name, contactReveal for a contact' },
    answer: { status: 200, description: 'PowChallenge (solve it with altcha-lib; never cached)' },
  },
};
