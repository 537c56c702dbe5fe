import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { OpeningPeriod } from '../src/common/contract/hours.ts';
import type { NotRequired, ResourceLanguage } from '../src/common/contract/values.ts';

/** Missing-person posts of the lost-and-found board. No poster identity is stored. */
export const lostFoundPosts = sqliteTable(
  'lost_found_posts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored canonical when it is a California place ("fresno" -> "Fresno"), else as typed. */
    lastSeenCity: text('last_seen_city'),
    /** The county of the city (canonical, from placeOf), or null when the city is no California place. */
    county: text('county'),
    lastSeenDate: text('last_seen_date'),
    description: text('description'),
    photoUrl: text('photo_url'),
    /**
     * The photo's copy a shared link shows (`og:image`): made only when the poster chose to share
     * the photo that way, once the copy is stored; null otherwise.
     */
    previewUrl: text('preview_url'),
    contact: text('contact'),
    /**
     * How the contact reads (email, phone, web, text), in clear beside the sealed contact: a list
     * names the kind of each post's contact without opening it. Null on rows stored before it was.
     */
    contactKind: text('contact_kind'),
    /**
     * The poster chose to have the contact shown, one at a time after a check (POST /:id/contact);
     * otherwise people write through the site (post_messages) and the contact never leaves it.
     */
    showContact: integer('show_contact', { mode: 'boolean' }).notNull().default(false),
    /** The language the poster posted in: what is texted to the poster's number is in it. */
    lang: text('lang'),
    /**
     * The number the messages written through the site are texted to, by a keyed hash of it: the
     * contact's number once the poster entered the code texted to it; null otherwise, and again
     * after that number texts STOP.
     */
    relayTo: text('relay_to'),
    /** 'missing', or 'found' once the poster marks it so with the private manage link. */
    status: text('status').notNull().default('missing'),
    /** Said by the owner with 'found': 'detained' or 'released' (FOUND_AS); null otherwise. */
    foundAs: text('found_as'),
    /** SHA-256 of the poster's manage secret (the secret itself is never stored). */
    manageHash: text('manage_hash'),
    /** Hidden by an admin: kept (it can be restored) but never listed. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    /** When the owner last extended it; it expires LOST_FOUND_DAYS after this, or after createdAt. */
    renewedAt: text('renewed_at'),
    /**
     * The name and city folded for search (searchFields in db/search-fields.ts), copied into the search
     * index by trigger; without them the index holds the name and city as written.
     */
    searchName: text('search_name'),
    searchCity: text('search_city'),
    /**
     * The sound keys of the name and of its Latin readings, as a JSON array (nameKeys in
     * db/name-keys.ts), copied into the search index by trigger (0025_search_keys). Filled on
     * start for rows stored before it was.
     */
    searchKeys: text('search_keys'),
    /** The PFIF person_record_id of a record imported from another system (or this site's, when re-imported). */
    pfifId: text('pfif_id').unique(),
    /** When an imported record was first written in its original system; createdAt is when it came here. */
    sourceDate: text('source_date'),
    /**
     * What the detainee locator asks for, kept for the owner only (PUT /api/lost-found/:id/facts),
     * each sealed like a contact (functions/domain/sealed.ts) and read only by the manage view: the
     * country of birth (an ISO code of BIRTH_COUNTRIES), the date of birth (YYYY-MM-DD) and the
     * A-number (its 8 or 9 digits).
     */
    birthCountry: text('birth_country'),
    birthDate: text('birth_date'),
    aNumber: text('a_number'),
  },
  (table) => [
    index('lost_found_posts_created_at').on(table.createdAt),
    index('lost_found_posts_county').on(table.county, table.createdAt),
    index('lost_found_posts_lives_from').on(sql`coalesce(${table.renewedAt}, ${table.createdAt})`),
  ],
);

/**
 * Each word of a listed name (folded), with itself and with each of its forms one letter shorter
 * (and two, for words of 8 letters or more), so a query finds the words a typo or two away by
 * equality: SymSpell's deletions (0025_search_keys, kept by trigger: a word leaves when no listed
 * name has it).
 */
export const lostFoundNameWords = sqliteTable('lost_found_name_words', { near: text('near').notNull(), word: text('word').notNull() }, (table) => [
  primaryKey({ columns: [table.near, table.word] }),
  // A word no listed name has any more is deleted with all its forms (0025's triggers).
  index('lost_found_name_words_word').on(table.word),
]);

/**
 * Notes on a missing-person record from people who saw or reached them (PFIF notes). `contact` is
 * only ever shown to the record's owner. Deleted with their record (a trigger, see 0006_search).
 */
export const lostFoundNotes = sqliteTable(
  'lost_found_notes',
  {
    id: text('id').primaryKey(),
    postId: text('post_id').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull(),
    lastKnownLocation: text('last_known_location'),
    contact: text('contact'),
    /** PFIF's author_made_contact: the author has heard from the person since the disaster. */
    authorMadeContact: integer('author_made_contact', { mode: 'boolean' }).notNull().default(false),
    /** The PFIF note_record_id of an imported note. */
    pfifId: text('pfif_id').unique(),
    /** Hidden by an admin: kept (it can be restored) but never shown. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('lost_found_notes_post').on(table.postId, table.createdAt)],
);

/** Small facts about the database itself, such as whether sample content was loaded. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Community alerts, enforcement reports among them. A BROAD alert never has a position; a PRECISE
 * one only a rounded one. Expired rows are deleted with their marks and photo.
 */
export const alerts = sqliteTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    precision: text('precision').notNull(),
    city: text('city').notNull(),
    /** The county of the city (canonical, from placeOf), or null when the city is no California place. */
    county: text('county'),
    area: text('area'),
    details: text('details').notNull(),
    alertTime: text('alert_time'),
    contact: text('contact'),
    lat: real('lat'),
    lng: real('lng'),
    activity: text('activity'),
    agents: integer('agents'),
    vehicles: integer('vehicles'),
    markings: text('markings'),
    photoUrl: text('photo_url'),
    confirmations: integer('confirmations').notNull().default(0),
    allClears: integer('all_clears').notNull().default(0),
    /** An admin checked the report: shown as verified whatever the count of confirmations. */
    adminVerified: integer('admin_verified', { mode: 'boolean' }).notNull().default(false),
    /** Hidden by an admin: kept until it expires (it can be restored) but never listed. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    /** What a rapid responder last said of it ('verified', 'false-alarm', 'over'), the network they answer for, their public note and when. */
    responderState: text('responder_state'),
    responderNetwork: text('responder_network'),
    responderNote: text('responder_note'),
    responderAt: text('responder_at'),
    /** Which updates went to those it was sent to, each once, as bits (UPDATE_BITS): 1 taken back (a false alarm, taken down), 2 verified, 4 over. */
    updatesSent: integer('updates_sent').notNull().default(0),
    /** Sealed: the number a report by text came from, so its reporter hears what a responder found; gone with the report. */
    replyTo: text('reply_to'),
    replyLang: text('reply_lang'),
    /** What of it the weekly numbers counted already (report_tallies), as bits: 1 reported, 2 confirmed, 4 verified, 8 false alarm. */
    tallied: integer('tallied').notNull().default(0),
    /** Keyed hash of the normalized text, to refuse an identical report within the hour. */
    fingerprint: text('fingerprint').notNull(),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (table) => [
    index('alerts_expires_at').on(table.expiresAt),
    index('alerts_created_at').on(table.createdAt),
    index('alerts_county').on(table.county, table.createdAt),
    index('alerts_fingerprint').on(table.fingerprint),
  ],
);

/**
 * What is left of a report closed by "all clear" marks, so alerting systems that took it from the
 * CAP feed hear it was cancelled: its type and place, never its details, kept a day.
 */
export const alertClosures = sqliteTable(
  'alert_closures',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    city: text('city').notNull(),
    county: text('county'),
    /** When the report was first sent, which a CAP Cancel names in its references. */
    sentAt: text('sent_at').notNull(),
    closedAt: text('closed_at').notNull(),
    /** 'all-clear' (people nearby, or a moderator, said it is over) or 'taken-down' (a moderator hid it). */
    reason: text('reason').notNull().default('all-clear'),
  },
  (table) => [index('alert_closures_closed_at').on(table.closedAt)],
);

/** One mark per device and report, the device known only by a keyed hash that includes the report. */
export const alertMarks = sqliteTable(
  'alert_marks',
  {
    alertId: text('alert_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    kind: text('kind').notNull(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.deviceHash] })],
);

/** Photo and video uploads: asked for, then stored (metadata stripped), then attached to a post. */
export const uploads = sqliteTable('uploads', {
  id: text('id').primaryKey(),
  /** Where it is kept: "{kind}/{id}" in the media store, served at /images/{kind}/{id}. */
  kind: text('kind').notNull(),
  /** 'image' or 'video', known once stored. */
  mediaType: text('media_type'),
  stored: integer('stored', { mode: 'boolean' }).notNull().default(false),
  attached: integer('attached', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  /** A multipart upload's id in the media store (R2's own; the upload's id in the media folder); null for a single PUT. */
  multipartId: text('multipart_id'),
  /** Its address was used (a one-request upload), or its parts are being joined: it takes no second file, even if this one fails. */
  spent: integer('spent', { mode: 'boolean' }).notNull().default(false),
});

/**
 * The parts of a multipart upload received so far (R2 cannot list them), until it completes or is
 * dropped, and the ones on their way: their bytes are reserved against the cap before they stream.
 */
export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadId: text('upload_id').notNull(),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    /** Null while the part is on its way. */
    etag: text('etag'),
    /** While the part is on its way: when it is cut if not whole by then (ms); null once received. */
    receivingUntil: integer('receiving_until'),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.partNumber] })],
);

/** Phones that get emergency text alerts, for one city or all. */
export const alertSubscriptions = sqliteTable('alert_subscriptions', {
  /** Sealed (functions/domain/sealed.ts); each sealing differs, so rows are found by phoneHash. */
  phone: text('phone').primaryKey(),
  /** Keyed hash of the normalized number (lookupHash), to find the row for unsubscribe and STOP. */
  phoneHash: text('phone_hash').unique(),
  city: text('city'),
  /** The county of the city, or null for all cities or a city that is no California place. */
  county: text('county'),
  lang: text('lang').notNull(),
  /** Also texted when a report it got is verified or over (a false alarm is always texted). */
  updates: integer('updates', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
});

/**
 * A code texted to a number so its owner can start or stop text alerts from the web: one waiting
 * code per number, which a new one replaces. The number is kept only as its lookup hash (the
 * code's entry brings the number again); the code only as a keyed hash under the data key, bound
 * to the number. Every try counts in `tries`; the code is deleted when used, and once expired.
 */
export const textCodes = sqliteTable('text_codes', {
  phoneHash: text('phone_hash').primaryKey(),
  /** 'start' (the subscription below waits for it), 'stop', or 'remind' (text reminders, /detained). */
  purpose: text('purpose').notNull(),
  city: text('city'),
  lang: text('lang').notNull(),
  updates: integer('updates', { mode: 'boolean' }).notNull().default(false),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  /** ms since the epoch. */
  expiresAt: integer('expires_at').notNull(),
});

/**
 * Numbers reminded by text to search the detainee locator again (/detained), each once its owner
 * entered the code texted to it: the number sealed, found by its lookup hash; the language, the
 * page the texts link to, and when they were asked for and how many went (REMINDER_HOURS). STOP
 * deletes the row.
 */
export const textReminders = sqliteTable('text_reminders', {
  phoneHash: text('phone_hash').primaryKey(),
  phone: text('phone').notNull(),
  lang: text('lang').notNull(),
  link: text('link').notNull(),
  remindersFrom: text('reminders_from').notNull(),
  remindersSent: integer('reminders_sent').notNull().default(0),
});

/**
 * Browsers that get Web Push notifications: the push service's endpoint and the keys its payloads
 * are encrypted to, the counties (JSON list; empty: all) and topics (JSON list) followed, and the
 * language. Nothing about the person or the device beyond what the push service needs.
 */
export const pushSubscriptions = sqliteTable('push_subscriptions', {
  endpoint: text('endpoint').primaryKey(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  areas: text('areas', { mode: 'json' }).$type<string[]>().notNull(),
  topics: text('topics', { mode: 'json' }).$type<string[]>().notNull(),
  lang: text('lang').notNull(),
  /** Also pushed when a report it got is verified or over (a false alarm is always pushed). */
  updates: integer('updates', { mode: 'boolean' }).notNull().default(false),
  /** When the reminders to search the detainee locator again were asked for (/detained), to the minute; null: none. */
  remindersFrom: text('reminders_from'),
  /** How many of them were sent (REMINDER_HOURS): the next is due that many hours after `remindersFrom`. */
  remindersSent: integer('reminders_sent').notNull().default(0),
  createdAt: text('created_at').notNull(),
});

/**
 * The reply language a number chose by texting LANG, the number known only by a keyed hash of
 * it (never in clear). STOP deletes it with the number's subscriptions.
 */
export const smsSenders = sqliteTable('sms_senders', {
  numberHash: text('number_hash').primaryKey(),
  lang: text('lang').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/**
 * Texts to the service's number taken in the last day, by a keyed hash of the provider's
 * MessageSid, so a signed webhook posted again is answered without acting. `at` is to the minute.
 */
export const smsInboundSeen = sqliteTable('sms_inbound_seen', { sidHash: text('sid_hash').primaryKey(), at: integer('at').notNull() }, (table) => [
  index('sms_inbound_seen_at').on(table.at),
]);

/**
 * The missing-person records a push subscription follows ("Notify me about this person"): a
 * visible note or the record marked found pushes to it. Triggers delete a row with its
 * subscription or its record.
 */
export const pushFollows = sqliteTable(
  'push_follows',
  {
    endpoint: text('endpoint').notNull(),
    postId: text('post_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.endpoint, table.postId] }), index('push_follows_post').on(table.postId)],
);

/**
 * Messages to the owner of a missing-person record whose contact stays hidden ("Send a message to
 * the family"): read only with the record's manage secret, each shown with the scam warning. The
 * sender's name, words and way to be reached are sealed like a contact. Triggers delete them with
 * their record.
 */
export const postMessages = sqliteTable(
  'post_messages',
  {
    id: text('id').primaryKey(),
    postId: text('post_id').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    reach: text('reach'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('post_messages_post').on(table.postId, table.createdAt)],
);

/**
 * The browsers a post's owner asked to be told on when someone writes through the post (a message
 * to the family, an answer to a help post): `board` and `postId` name the post. Triggers delete a
 * row with its subscription or its post.
 */
export const ownerDevices = sqliteTable(
  'owner_devices',
  {
    board: text('board').notNull(),
    postId: text('post_id').notNull(),
    endpoint: text('endpoint').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.board, table.postId, table.endpoint] }), index('owner_devices_endpoint').on(table.endpoint)],
);

/** Text messages waiting for (or sent by) the SMS gateway. Nothing is lost while none is configured. */
export const smsOutbox = sqliteTable(
  'sms_outbox',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    alertId: text('alert_id'),
    /** The report an update (a false alarm, a report taken down) is about: kept apart from alertId, whose texts the update follows. */
    updateOf: text('update_of'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    /** When an outbox run took it to send ('sending', ms): a run that stopped halfway gives it back after a while. */
    claimedAt: integer('claimed_at'),
  },
  (table) => [index('sms_outbox_status').on(table.status)],
);

/** Recent writes per client for rate limits, the client known only by a keyed hash that rotates daily. */
export const rateEvents = sqliteTable(
  'rate_events',
  {
    clientHash: text('client_hash').notNull(),
    action: text('action').notNull(),
    at: integer('at').notNull(),
  },
  // The second index serves the count of one kind of write from all clients (proof of work under pressure), asked on every public write.
  (table) => [index('rate_events_lookup').on(table.clientHash, table.action, table.at), index('rate_events_action').on(table.action, table.at)],
);

/** The resource directory. Submissions wait as 'pending'; only 'published' ones are listed. */
export const resources = sqliteTable(
  'resources',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    city: text('city'),
    /** The county of the city (canonical, from placeOf), or null when the city is no California place. */
    county: text('county'),
    address: text('address'),
    phone: text('phone'),
    link: text('link'),
    notes: text('notes'),
    /** The admin's finer category (ADMIN_RESOURCE_CATEGORIES); `category` is always its public one. */
    adminCategory: text('admin_category'),
    hours: text('hours'),
    services: text('services'),
    requirements: text('requirements'),
    /** The weekly opening hours, a JSON list of OpeningPeriod (src/common/contract/hours.ts); null: not known. */
    schedule: text('schedule', { mode: 'json' }).$type<OpeningPeriod[]>(),
    /** JSON lists of RESOURCE_LANGUAGES codes and of NOT_REQUIRED values (the filters read them with json_each). */
    languages: text('languages', { mode: 'json' }).$type<ResourceLanguage[]>(),
    cost: text('cost'),
    whatToBring: text('what_to_bring'),
    notRequired: text('not_required', { mode: 'json' }).$type<NotRequired[]>(),
    eligibility: text('eligibility'),
    /** A JSON list of the other counties it serves (a rapid response network's); null: only its own. */
    serves: text('serves', { mode: 'json' }).$type<string[]>(),
    /** A consulate's country, ISO 3166-1. */
    country: text('country'),
    verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
    /** The California date and the moderator of the last verification, set from the session, never from a body. */
    verifiedOn: text('verified_on'),
    verifiedBy: text('verified_by'),
    status: text('status').notNull().default('pending'),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  // The directory lists verified first, then by name, for all, one category or one county; the pulse, newest first.
  (table) => [
    index('resources_list').on(table.status, sql`${table.verified} desc`, table.name),
    index('resources_category').on(table.status, table.category, sql`${table.verified} desc`, table.name),
    index('resources_recent').on(table.status, table.createdAt),
    index('resources_county').on(table.county, table.status, sql`${table.verified} desc`, table.name),
  ],
);

/** The job board. Submissions wait as 'pending'; only 'approved' ones are listed. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    employer: text('employer'),
    city: text('city'),
    /** The county of the city (canonical, from placeOf), or null when the city is no California place. */
    county: text('county'),
    payRange: text('pay_range'),
    notes: text('notes'),
    contact: text('contact').notNull(),
    acceptsNoPapers: integer('accepts_no_papers', { mode: 'boolean' }).notNull().default(true),
    jobType: text('job_type'),
    requirements: text('requirements'),
    urgent: integer('urgent', { mode: 'boolean' }).notNull().default(false),
    status: text('status').notNull().default('pending'),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('jobs_status').on(table.status, table.createdAt), index('jobs_county').on(table.county, table.createdAt)],
);

/** Food and supply drops, created by admins; 'active' ones are public. */
export const drops = sqliteTable(
  'drops',
  {
    id: text('id').primaryKey(),
    title: text('title'),
    date: text('date').notNull(),
    time: text('time'),
    city: text('city').notNull(),
    /** The county of the city (canonical, from placeOf), or null when the city is no California place. */
    county: text('county'),
    meetSpot: text('meet_spot').notNull(),
    address: text('address'),
    whatWeBring: text('what_we_bring'),
    notes: text('notes'),
    /** Free text from the organizer, e.g. "15 people for setup". */
    volunteersNeeded: text('volunteers_needed'),
    status: text('status').notNull().default('active'),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('drops_date').on(table.status, table.date), index('drops_county').on(table.county, table.date)],
);

/** People who signed up to help at a drop (for its organizers only). */
export const dropVolunteers = sqliteTable('drop_volunteers', {
  id: text('id').primaryKey(),
  dropId: text('drop_id').notNull(),
  name: text('name').notNull(),
  contact: text('contact').notNull(),
  createdAt: text('created_at').notNull(),
});

/** SOS requests, for the admins to act on; never listed publicly. */
export const sosRequests = sqliteTable('sos_requests', {
  id: text('id').primaryKey(),
  city: text('city'),
  details: text('details').notNull(),
  contact: text('contact'),
  handled: integer('handled', { mode: 'boolean' }).notNull().default(false),
  /** When an admin marked it handled; the request is deleted SOS_RETENTION_DAYS later. */
  handledAt: text('handled_at'),
  createdAt: text('created_at').notNull(),
});

/** Columns the two help boards share: a post, its owner's manage secret (hashed) and its life. */
const helpPost = {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  city: text('city'),
  county: text('county'),
  contactName: text('contact_name').notNull(),
  contactMethod: text('contact_method').notNull(),
  /**
   * How the contact reads (email, phone, web, text), in clear beside the sealed contact: a list
   * names the kind of each post's contact without opening it. Null on rows stored before it was.
   */
  contactKind: text('contact_kind'),
  /** The poster chose to have the contact shown after a check; otherwise people answer through the site. */
  showContact: integer('show_contact', { mode: 'boolean' }).notNull().default(false),
  /** The language the poster posted in: what is texted to the poster's number is in it. */
  lang: text('lang'),
  /** The number the answers are texted to, by a keyed hash of it (see lostFoundPosts.relayTo). */
  relayTo: text('relay_to'),
  /** JSON array of /images/community-assistance/... addresses. */
  imageUrls: text('image_urls', { mode: 'json' }).$type<string[]>().notNull(),
  videoUrl: text('video_url'),
  manageHash: text('manage_hash'),
  /** Hidden by an admin: kept until it expires (it can be restored) but never listed. */
  hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
  isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  /** When it leaves the lists and is deleted with its media and responses. */
  expiresAt: text('expires_at').notNull(),
};

/** Requests for help; only 'active' ones are listed ('fulfilled' once the poster says so). */
export const assistanceRequests = sqliteTable(
  'assistance_requests',
  { ...helpPost, urgency: text('urgency').notNull(), status: text('status').notNull().default('active') },
  (table) => [index('assistance_requests_list').on(table.status, table.createdAt), index('assistance_requests_county').on(table.county, table.createdAt)],
);

/** Surplus items and services on offer; only 'available' ones are listed ('taken' once gone). */
export const surplusOffers = sqliteTable(
  'surplus_offers',
  {
    ...helpPost,
    condition: text('condition'),
    availability: text('availability'),
    status: text('status').notNull().default('available'),
  },
  (table) => [index('surplus_offers_list').on(table.status, table.createdAt), index('surplus_offers_county').on(table.county, table.createdAt)],
);

/** Answers to a request (offer_help) or an offer (claim_item), read by the poster on the manage page. */
export const assistanceResponses = sqliteTable(
  'assistance_responses',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id'),
    offerId: text('offer_id'),
    responseType: text('response_type').notNull(),
    responderName: text('responder_name').notNull(),
    responderContact: text('responder_contact').notNull(),
    message: text('message').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('assistance_responses_request').on(table.requestId), index('assistance_responses_offer').on(table.offerId)],
);

/**
 * The people who moderate. No default account exists: `npm run admin:create -- --name NAME` makes
 * one and prints its generated secret once; only a slow salted hash of it is kept.
 */
export const admins = sqliteTable('admins', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** "pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>" */
  secretHash: text('secret_hash').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Signed-in admins: only a SHA-256 hash of each random session token is kept, with its expiry. */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: text('admin_id').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('admin_sessions_expires_at').on(table.expiresAt)],
);

/** Every admin action: who, what and on which row, when. Nothing about the visitor who posted it. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    at: text('at').notNull(),
  },
  (table) => [index('audit_log_at').on(table.at)],
);

/**
 * Proof-of-work solutions already used (their challenge's signature), so each is accepted once;
 * kept until the challenge expires, then pruned by the maintenance job.
 */
export const powSpent = sqliteTable('pow_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * Rapid responders: trained volunteers a moderator invited, who go and look and say what they saw.
 * A pseudonym (seen by moderators and other responders, never the public), the network they answer
 * for (the public sees that name only), the counties they cover, and 'invited', 'active', 'paused'
 * or 'removed'. No password, email or phone number: they sign in with a passkey.
 */
export const responders = sqliteTable('responders', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  network: text('network').notNull(),
  counties: text('counties', { mode: 'json' }).$type<string[]>().notNull(),
  status: text('status').notNull(),
  createdAt: text('created_at').notNull(),
});

/** One-time invites to register a passkey: only the SHA-256 of the link's token, until it expires or is used. */
export const responderInvites = sqliteTable('responder_invites', {
  tokenHash: text('token_hash').primaryKey(),
  responderId: text('responder_id').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

/**
 * Passkeys (WebAuthn credentials) of responders and of moderators: the credential id and public
 * key, and the signature counter. The private key never leaves the person's device.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    responderId: text('responder_id'),
    adminId: text('admin_id'),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull(),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('passkeys_responder').on(table.responderId), index('passkeys_admin').on(table.adminId)],
);

/** Signed-in responders: only the SHA-256 of each session token, with its expiry. */
export const responderSessions = sqliteTable('responder_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  responderId: text('responder_id').notNull(),
  expiresAt: text('expires_at').notNull(),
});

/** WebAuthn challenges handed out and not yet answered, each good once, for a few minutes. */
export const passkeyChallenges = sqliteTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  /** 'register:{responderId}' or 'sign-in'. */
  purpose: text('purpose').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * What responders did on a report, each act kept (two at once: both recorded, the last one is the
 * report's state): 'going', 'verified', 'false-alarm' or 'over', with an optional public note.
 * Deleted with the report.
 */
export const reportActions = sqliteTable(
  'report_actions',
  {
    id: text('id').primaryKey(),
    alertId: text('alert_id').notNull(),
    responderId: text('responder_id').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    at: text('at').notNull(),
  },
  (table) => [index('report_actions_alert').on(table.alertId, table.at)],
);

/**
 * The rapid response network's numbers, public: per county and per week (its Monday, California
 * time), the enforcement reports posted, those confirmed by others, verified, and called false
 * alarms. Counted as it happens, so they outlive the reports (deleted hours later); nothing else of
 * a report is kept. Deleted after TALLY_WEEKS.
 */
export const reportTallies = sqliteTable(
  'report_tallies',
  {
    county: text('county').notNull(),
    week: text('week').notNull(),
    reports: integer('reports').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    verified: integer('verified').notNull().default(0),
    falseAlarms: integer('false_alarms').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.county, table.week] }), index('report_tallies_week').on(table.week)],
);
