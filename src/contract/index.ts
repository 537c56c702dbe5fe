/**
 * The one contract between islands, the API and the live room: each entity's input schema,
 * its output type. Limits and value lists live in ./limits.ts, which islands import without zod.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';

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
  photoUrl: z.pipe(
    optionalText(LIMITS.url, 'Photo address'),
    z.refine((value) => value === null || (OWN_MEDIA_PATH.test(value) && !value.includes('..')), 'Photo must be an image uploaded to this site'),
  ),
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
  /** Sample content loaded by the embedded default, shown with a "Sample" badge. */
  sample: boolean;
}

/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
