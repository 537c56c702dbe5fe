/** The missing-person board (/lost-found): what a post sends and what the board lists. */
import * as z from 'zod/mini';
import { isCalendarDate, optionalText, ownPhoto, trimmed } from './fields.ts';
import { LIMITS } from './limits.ts';

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
