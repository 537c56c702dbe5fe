/** The missing-person board (/lost-found): what a post sends and what the board lists. */
import * as z from 'zod/mini';
import { isCalendarDate, manageInput, optionalText, ownPhoto, posterChoices, required, trimmed } from './fields.ts';
import { aNumberDigits, BIRTH_COUNTRIES } from './detention.ts';
import { FOUND_AS, LIMITS, NOTE_STATUSES, type FoundAs, type NoteStatus } from './limits.ts';
import type { ContactKind } from './pow.ts';

export const lostFoundInput = z.object({
  name: trimmed(LIMITS.name, `Name must be at most ${LIMITS.name} characters`).check(z.minLength(1, 'Name is required')),
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
  /** The poster lets a shared link show the photo (a resized copy): see LostFoundPost.previewUrl. */
  sharePhoto: z._default(z.boolean({ error: 'sharePhoto must be true or false' }), false),
  contact: optionalText(LIMITS.contact, 'Contact'),
  ...posterChoices,
});
export type LostFoundInput = z.input<typeof lostFoundInput>;

export interface LostFoundPost {
  id: string;
  name: string;
  lastSeenCity: string | null;
  /** The last-seen city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  /** YYYY-MM-DD */
  lastSeenDate: string | null;
  description: string | null;
  photoUrl: string | null;
  /**
   * The photo's copy a shared link to the record shows (`og:image` on /person/ID), at most 1200 px
   * and without metadata: only when the poster chose to share it (`sharePhoto`), once it is made.
   */
  previewUrl: string | null;
  /** How the poster's contact reads, null without one; the contact itself only on request (POST /api/lost-found/:id/contact). */
  contactKind: ContactKind | null;
  /**
   * The poster chose to show the contact after a check. Otherwise, and on a record with no
   * contact, people send a message to the family (POST /api/lost-found/:id/messages).
   */
  showContact: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** 'found' once the poster marked it so; the post then stays listed with that news. */
  status: 'missing' | 'found';
  /** Sample content loaded by the embedded default, shown with a "Sample" badge. */
  sample: boolean;
  /** Only on a search's results, and only for a record found otherwise than by the words of its name as written: why. */
  match?: SearchMatch;
}

/**
 * Why a search found a record: a similar spelling (by sound, or a letter or two off); a nickname
 * ("Paco" of "Francisco", the short form and the full name as written); or the name also written
 * as the search wrote it, in another spelling or script (`as`: "Mohammed" for Muhammad, "Wang
 * Xiaoming" for 王小明).
 */
export type SearchMatch = { kind: 'similar' } | { kind: 'nickname'; short: string; full: string } | { kind: 'written'; as: string };

/** A post as its poster (with the manage secret) and moderators read it: with its contact. */
export interface OwnLostFoundPost extends LostFoundPost {
  contact: string | null;
  /** The owner confirmed with a code that the contact's number also gets the messages by text. */
  relayTexts: boolean;
  /**
   * How the owner said the person was found: held (detained) or released from custody; null when
   * not said. Only the owner reads it: everyone else sees found, since a list of the detained
   * is what bond scammers look for.
   */
  foundAs: FoundAs | null;
}

/** A note on a record (PFIF's note): what someone knows of the person. */
export const lostFoundNoteInput = z
  .object({
    authorName: required(LIMITS.name, 'Your name'),
    text: required(LIMITS.description, 'Note'),
    status: z.enum(NOTE_STATUSES, { error: `status must be one of ${NOTE_STATUSES.join(', ')}` }),
    /** A city or place name, never coordinates. */
    lastKnownLocation: optionalText(LIMITS.city, 'Last known location').check(
      z.refine((value) => value === null || !/-?\d{1,3}\.\d+\s*[,;/ ]\s*-?\d{1,3}\.\d+/.test(value), 'Last known location must be a city or place, not coordinates'),
    ),
    contact: optionalText(LIMITS.contact, 'Contact'),
    /** "I made contact" (PFIF's author_made_contact): only with `believed_alive`, the one status that says the person was heard from. */
    authorMadeContact: z._default(z.boolean({ error: 'authorMadeContact must be true or false' }), false),
  })
  .check(
    z.refine((note) => !note.authorMadeContact || note.status === 'believed_alive', {
      message: 'I made contact goes only with the status believed_alive',
      path: ['authorMadeContact'],
    }),
  );
export type LostFoundNoteInput = z.input<typeof lostFoundNoteInput>;

/** A note as anyone reads it: never its author's contact. */
export interface LostFoundNote {
  id: string;
  /** null only on a note imported from another system (PFIF) without one. */
  authorName: string | null;
  text: string;
  /** null only on a note imported from another system (PFIF) that says nothing of the person's state. */
  status: NoteStatus | null;
  /** "I made contact": the author has heard from the person (PFIF's author_made_contact). */
  authorMadeContact: boolean;
  lastKnownLocation: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/lost-found/:id: the record with its visible notes, newest first. */
export interface LostFoundRecord extends LostFoundPost {
  notes: LostFoundNote[];
}

/**
 * PUT /api/lost-found/:id/facts: what the detainee locator asks for, kept only for the record's
 * owner (sealed like a contact, answered only by GET /api/lost-found/:id/manage, in no public
 * answer, page, export or search). Each may be blank or left out: it is then forgotten.
 */
/** PATCH /api/lost-found/:id: the owner marks the person found, and may say found detained or released. */
export const lostFoundManageInput = z.object({
  ...manageInput.shape,
  foundAs: z.pipe(
    z.optional(z.nullable(z.enum(FOUND_AS, { error: `foundAs must be one of ${FOUND_AS.join(', ')}` }))),
    z.transform((value) => value ?? null),
  ),
});

export const privateFactsInput = z.object({
  birthCountry: z
    .pipe(
      z.optional(z.nullable(z.string())),
      z.transform((value) => value || null),
    )
    .check(z.refine((value) => value === null || BIRTH_COUNTRIES.includes(value), 'Country of birth must be one of the listed countries')),
  birthDate: z
    .pipe(
      z.optional(z.nullable(z.string().check(z.trim()))),
      z.transform((value) => value || null),
    )
    .check(z.refine((value) => value === null || isCalendarDate(value), 'Date of birth must be a real date (YYYY-MM-DD), not in the future')),
  aNumber: z
    .pipe(
      z.optional(z.nullable(z.string().check(z.maxLength(40, 'An A-number has 8 or 9 digits')))),
      z.transform((value) => (value?.trim() ? (aNumberDigits(value) ?? value) : null)),
    )
    .check(z.refine((value) => value === null || /^\d{8,9}$/.test(value), 'An A-number has 8 or 9 digits')),
});
export type PrivateFacts = z.output<typeof privateFactsInput>;

/**
 * POST /api/lost-found/:id/messages: a message to the family of a record whose contact is not
 * shown. `token` comes only with the form of a page the server wrote (no scripts, so no proof of work).
 */
export const postMessageInput = z.object({
  name: required(LIMITS.name, 'Your name'),
  message: required(LIMITS.message, 'Message'),
  reach: optionalText(LIMITS.contact, 'How to reach you'),
  token: z.optional(z.string().check(z.maxLength(200))),
});
export type PostMessageInput = z.input<typeof postMessageInput>;

/** A message as the record's owner reads it (GET /api/lost-found/:id/manage), newest first. */
export interface PostMessage {
  id: string;
  name: string;
  message: string;
  reach: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/lost-found/:id/manage: what only the owner sees: the notes with their contacts, and when the record expires. */
export interface LostFoundManage {
  post: OwnLostFoundPost;
  responses: [];
  notes: (LostFoundNote & { contact: string | null })[];
  /** ISO 8601; POST /api/lost-found/:id/renew moves it LOST_FOUND_DAYS from now. */
  expiresAt: string;
  /** What the owner kept for a detention search (PUT /api/lost-found/:id/facts). */
  facts: PrivateFacts;
  /** Messages sent to the family, newest first. */
  messages: PostMessage[];
}
