/**
 * Limits of the contract: every cap, window and lifetime named once. Plain values an island can
 * import without zod; it also re-exports the value lists, so this one path gives both.
 */
import type { AlertType } from './values.ts';

export * from './values.ts';

/** Length caps for every text field a person can send. */
export const LIMITS = {
  name: 120,
  city: 100,
  description: 2000,
  contact: 200,
  url: 500,
  payRange: 100,
  /** A street address, or a drop's meeting spot. */
  address: 200,
  /** A phone number as written, before it is normalized. */
  phone: 40,
  /** What an enforcement report says the vehicles or uniforms showed. */
  markings: 300,
  /** An admin's sign-in secret. */
  secret: 200,
  /** The id of a post another post points to. */
  id: 64,
  /** A PFIF record id (`domain/person.local-id`) of a person or note that came from another system. */
  pfifRecordId: 255,
  /** A search of the missing-person board. */
  query: 100,
  /** A rapid responder's public note on a report. */
  responderNote: 140,
  /** A message to a family through the site. */
  message: 600,
} as const;

/** Agents or vehicles an enforcement report may count. */
export const MAX_REPORTED_COUNT = 999;

/**
 * A PFIF file to import is refused above this size, before any parsing. 10,000 persons with two
 * notes each, exported with their authors' details, take about 21 MB.
 */
export const MAX_PFIF_BYTES = 32 * 1024 * 1024;

/** GET /api/pfif answers this many records a page (with `before=` for the next), each with its notes. */
export const PFIF_PAGE_SIZE = { default: 1000, max: 1000 } as const;

/** Page size of every list the API answers. */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** The admin desks list a whole directory or job board at once, up to this many rows. */
export const DESK_LIST_MAX = 500;

/** Opening periods of one resource's week (several a day: a lunch break, an evening clinic). */
export const MAX_OPENING_PERIODS = 28;

/** Largest JSON body any write endpoint reads. */
export const MAX_JSON_BYTES = 64 * 1024;

/** How long each type stays on the public lists (hours) unless configured otherwise. */
export const ALERT_HOURS: Record<AlertType, number> = {
  'Enforcement Activity': 4,
  'Safety Checkpoint': 12,
  'Transit Disruption': 24,
  'Weather Alert': 48,
  'Community Notice': 72,
  'General Advisory': 168,
  'Resource Available': 168,
  'Public Event': 168,
};

/**
 * "I see it too" marks from independent networks (none of them the reporter's) before a report
 * shows as "confirmed by others". Counts anyone can make are never called verified: that word is
 * kept for people the moderators trust. A public "all clear" is counted and shown, and never
 * closes a report: it ends at its expiry, or when a moderator closes it.
 */
export const CONFIRMED_BY_OTHERS = 2;
/** Hours a closed report's CAP Cancel stays in the feed, for alerting systems that poll it now and then. */
export const CLOSED_ALERT_HOURS = 24;
/** An identical report within this many minutes is refused (people confirm it instead). */
export const DUPLICATE_WINDOW_MINUTES = 60;

/** Photo uploads: one image at most this many bytes (spec: 10485760). */
export const MAX_PHOTO_BYTES = 10_485_760;

/** Spec section 9: at most 5 files a post (one of them may be the video), each at most 100 MB. */
export const MAX_MEDIA_FILES = 5;
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 60;
/**
 * Upload bytes on their way at once (as their requests declared them), from one client (known by
 * a keyed hash of its address) and from all together: what a script can make the server hold in
 * half-written files and in images read whole. One client's room takes a 100 MB file sent in one
 * request, or the uploader's 6 parts of several files; past it, or past the room of all, a request
 * is answered 429 and its sender tries again once earlier ones are in.
 */
export const UPLOAD_BYTES_IN_FLIGHT = { client: 128 * 1024 * 1024, all: 512 * 1024 * 1024 } as const;
/**
 * A part of a multipart upload must arrive whole within this many minutes of its start; it is
 * then cut, and its number may be sent again. A slow phone sends 5 MB in far less.
 */
export const UPLOAD_RECEIVE_MINUTES = 15;
/**
 * A missing-person record and its notes are deleted this many days after posting, or after its
 * owner last extended it with the manage link (Person Finder keeps records 40 days).
 */
export const LOST_FOUND_DAYS = 60;

/** Help posts leave the lists after this many days (then are deleted with their media and answers). */
export const HELP_POST_DAYS = 30;

/**
 * How many of each public write one client may make in a window; one more is answered 429 with
 * this message. A client is known only by a keyed hash that changes daily of its address (an IPv6
 * client by its /64), or with `scope: 'network'` of its network (IPv4 /24, IPv6 /48).
 */
export const RATE_LIMITS = {
  lostFoundPost: { limit: 10, windowMinutes: 10, message: 'Too many posts in a short time. Please wait a few minutes.' },
  alert: { limit: 10, windowMinutes: 10, message: 'Too many reports in a short time. Please wait a few minutes.' },
  enforcementReport: { limit: 3, windowMinutes: 10, message: 'Too many reports in a short time. Please wait a few minutes.' },
  /** Per network (src/common/contract/clients.ts): one network's answers count once per report anyway. */
  alertMark: { limit: 30, windowMinutes: 10, message: 'Too many answers in a short time. Please wait a few minutes.', scope: 'network' },
  photoUpload: { limit: 20, windowMinutes: 10, message: 'Too many uploads in a short time. Please wait a few minutes.' },
  mediaUpload: { limit: 30, windowMinutes: 10, message: 'Too many uploads in a short time. Please wait a few minutes.' },
  /** Codes asked for from the web, to start or to stop text alerts. */
  subscription: { limit: 5, windowMinutes: 60, message: 'Too many subscriptions in a short time. Please wait.' },
  /** Codes texted to one number (known by a keyed hash of it), from every client together: a stranger can bother a number only this often. */
  textCodeNumber: { limit: 4, windowMinutes: 24 * 60, message: 'This number was sent enough codes for today. Please try again tomorrow.' },
  /** Codes entered from one client, right or wrong. */
  textCodeTry: { limit: 10, windowMinutes: 10, message: 'Too many codes tried in a short time. Please wait a few minutes.' },
  pushSubscription: { limit: 10, windowMinutes: 60, message: 'Too many subscriptions in a short time. Please wait.' },
  pushFollow: { limit: 30, windowMinutes: 60, message: 'Too many records followed in a short time. Please wait.' },
  /** Locator reminders asked for, by push or by text (/detained). */
  reminder: { limit: 10, windowMinutes: 60, message: 'Too many reminders asked for in a short time. Please wait.' },
  helpPost: { limit: 10, windowMinutes: 60, message: 'Too many posts in a short time. Please wait a while.' },
  lostFoundNote: { limit: 20, windowMinutes: 60, message: 'Too many notes in a short time. Please wait a while.' },
  /** Messages to families through the site, from one network (each with a proof of work). */
  message: { limit: 10, windowMinutes: 60, message: 'Too many messages in a short time. Please wait a while.', scope: 'network' },
  /** What people write through the site, texted to one number (however many posts name it). */
  relayText: { limit: 20, windowMinutes: 24 * 60, message: 'Too many texts to this number today.' },
  /** Messages (and answers) to one post from everyone together, counted under a keyed hash of the post: a storm stops here. */
  messagePerPost: { limit: 10, windowMinutes: 24 * 60, message: 'This post has had many messages today. Please try again tomorrow.' },
  /** Answers to help posts, which their posters may have texted to them (functions/http/relay.ts): counted per network, like messages to families. */
  helpResponse: { limit: 20, windowMinutes: 60, message: 'Too many messages in a short time. Please wait a while.', scope: 'network' },
  resource: { limit: 10, windowMinutes: 60, message: 'Too many submissions in a short time. Please wait a while.' },
  job: { limit: 10, windowMinutes: 60, message: 'Too many submissions in a short time. Please wait a while.' },
  volunteer: { limit: 5, windowMinutes: 60, message: 'Too many submissions in a short time. Please wait a while.' },
  sos: { limit: 5, windowMinutes: 60, message: 'Too many submissions in a short time. Please wait a while.' },
  /** Texts from one number (known by a keyed hash of it), whatever they ask; a flood gets no answer. */
  smsInbound: { limit: 20, windowMinutes: 10, message: 'Too many texts in a short time. Please wait a few minutes.' },
  /** Posters' contacts shown on request (POST /api/{board}/:id/contact): enough for a family, too few for a harvest. */
  contactReveal: { limit: 20, windowMinutes: 24 * 60, message: 'Too many contacts asked for today. Please try again tomorrow.', scope: 'network' },
  /**
   * One post's contact, shown to everyone together (counted under a keyed hash of the post): past
   * this, whoever needs the poster writes through the post (a note, an answer), which the poster reads.
   */
  contactRevealPerPost: {
    limit: 10,
    windowMinutes: 24 * 60,
    message: 'This contact was shown many times today. Leave a message on the post instead: the person who posted it will see it.',
  },
  /** Every contact shown to anyone within an hour: a harvest from many networks meets this. */
  contactRevealAll: { limit: 600, windowMinutes: 60, message: 'Contacts are asked for very often right now. Please try again later, or leave a message on the post.' },
  /**
   * Per client address only. There is no lock per admin name: secrets are 192 random bits made by
   * `admin:create`, so guessing is hopeless from any number of addresses, and such a lock would
   * only let anyone who knows a moderator's name keep them out.
   */
  adminSignIn: { limit: 10, windowMinutes: 15, message: 'Too many sign-in attempts. Please wait a while.' },
  /** Passkey prompts asked for (an invite opened, a sign-in begun): each answer is a signature no one can guess. */
  passkey: { limit: 30, windowMinutes: 15, message: 'Too many sign-in attempts. Please wait a while.' },
} as const satisfies Record<string, { limit: number; windowMinutes: number; message: string; scope?: 'address' | 'network' }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The weekly numbers of enforcement reports per county are shown for this many weeks, this one included. */
export const TALLY_WEEKS = 8;
/** A week's counts (ReportTally's) in the order tables show them, each headed by the message `tallies.{column}`. */
export const TALLY_COLUMNS = ['reports', 'confirmed', 'verified', 'falseAlarms'] as const;

/** How long an admin stays signed in. */
export const ADMIN_SESSION_HOURS = 12;
/** How long a rapid responder stays signed in on their phone (a shift), and how long an invite link works. */
export const RESPONDER_SESSION_HOURS = 12;
export const RESPONDER_INVITE_DAYS = 7;
/** How long a passkey prompt (a WebAuthn challenge) may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** A handled SOS request (a name, a phone, a situation) is deleted this many days after it was handled. */
export const SOS_RETENTION_DAYS = 30;
/** Drop volunteers' names and contacts are deleted this many days after the drop. */
export const VOLUNTEER_RETENTION_DAYS = 30;
/** Rate-limit records (a keyed hash of a client's address that changes daily) are deleted after this many hours. */
export const RATE_RECORD_HOURS = 24;
/** A photo or video uploaded but never attached to a post is deleted after this many hours. */
export const UNATTACHED_UPLOAD_HOURS = 1;
/**
 * A code texted to a number to start or stop its text alerts: this many digits, good this many
 * minutes, and dead after this many tries (per number, from every client together).
 */
export const TEXT_CODE = { digits: 6, minutes: 10, tries: 5 } as const;
/** A text to the service's number is remembered (a keyed hash of its MessageSid) this many hours, so a replay does nothing. */
export const INBOUND_TEXT_HOURS = 24;
/** A text alert, once sent, is deleted after this many hours. */
export const SENT_TEXT_HOURS = 24;
/** The moderators' audit lines are deleted after this many days. */
export const AUDIT_LOG_DAYS = 365;

/** California's counties: a push subscription follows at most all of them. */
export const MAX_PUSH_AREAS = 58;
/** Missing-person records one push subscription (one device) follows at most. */
/** The browsers one post's owner may ask to be told on when someone writes through the post. */
export const MAX_OWNER_DEVICES = 5;
export const MAX_PUSH_FOLLOWS = 50;
/** Pushes handed to push services at once when an item goes public. */
export const PUSH_CONCURRENCY = 50;
/** Tries of one push when its service answers 429 or 5xx (or cannot be reached), waiting longer each time. */
export const PUSH_ATTEMPTS = 3;
/** The first wait before trying a push again (ms), doubled each time unless the service says Retry-After. */
export const PUSH_RETRY_MS = 1000;
/** The longest wait a push service's Retry-After is followed for (ms): longer, and the push is dropped. */
export const PUSH_RETRY_MAX_MS = 30_000;
/** How long a push service keeps a push for a phone that is off (seconds): an alert is of no use days later. */
export const PUSH_TTL_SECONDS = 12 * 3600;

/**
 * The uploader (spec section 9, "Uploader defaults"), except its threshold: a file larger than
 * one part goes in parts. The spec's 100 MB would send a 90 MB video in one request, and a phone
 * whose connection drops would start it again from zero; in parts it loses at most the parts in
 * flight, at the cost of three short requests more. A file of one part gains nothing from them.
 */
export const UPLOADER = {
  concurrent: 6,
  multipartAboveBytes: 5 * 1024 * 1024,
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10_000,
  /** Waits before each retry of one request; the last repeats. */
  retryDelaysMs: [0, 1000, 3000, 5000],
  retries: 10,
  /** A request that sends or hears nothing this long is dropped and tried again. */
  inactivityMs: 5 * 60_000,
} as const;
/** A part's upload address works this long after it was handed out. */
export const PART_ADDRESS_MINUTES = 15;
