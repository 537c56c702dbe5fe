/** The field schemas every entity's input is built from, and the checks behind them. */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { LANGUAGES } from '../i18n/languages.ts';

/** A text field: trimmed and capped. */
export const trimmed = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** An optional text field: trimmed, capped; blank becomes null. */
export const optionalText = (max: number, label: string) =>
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

/** A photo of a post: one uploaded to this site, or none. */
export const ownPhoto = optionalText(LIMITS.url, 'Photo address').check(
  z.refine((value) => value === null || (OWN_MEDIA_PATH.test(value) && !value.includes('..')), 'Photo must be an image uploaded to this site'),
);

/** A text field that must not be blank. */
export const required = (max: number, label: string) => trimmed(max, `${label} must be at most ${max} characters`).check(z.minLength(1, `${label} is required`));

/** A web address people can open: http(s) only, so no script or data address slips through. */
export const webLink = optionalText(LIMITS.url, 'Link').check(
  z.refine((value) => value === null || /^https?:\/\/[^\s<>"]+$/i.test(value), 'Link must start with http:// or https://'),
);

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

/** What a post's creation answers: the post and, once only, the poster's private manage secret. */
export type Created<T> = T & { manageToken: string };

/** What the poster's manage link may do to a post: mark it done (fulfilled, taken, found). */
/**
 * What a post's poster chooses for its contact and says of themselves: `showContact` shows it one
 * at a time after a check; without it (the default) people write through the site and the contact
 * never leaves it. `lang` is the language posted in, which texts to the poster's number use.
 */
export const posterChoices = {
  showContact: z._default(z.boolean({ error: 'showContact must be true or false' }), false),
  lang: z._default(z.enum(LANGUAGES), 'en'),
};

/** PUT /api/{board}/:id/show-contact: the owner changes the choice later (My posts). */
export const showContactInput = z.object({ showContact: z.boolean({ error: 'showContact must be true or false' }) });

export const manageInput = z.object({ status: z.enum(['fulfilled', 'taken', 'found'], { error: 'status must be fulfilled, taken or found' }) });
