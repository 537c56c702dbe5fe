/** The help boards: assistance requests, surplus offers, and the answers to them. */
import * as z from 'zod/mini';
import { optionalText, posterChoices, required } from './fields.ts';
import { LIMITS, MAX_MEDIA_FILES } from './limits.ts';
import {
  OFFER_CATEGORIES,
  OFFER_CONDITIONS,
  REQUEST_CATEGORIES,
  RESPONSE_TYPES,
  URGENCIES,
  type CommunityMediaType,
  type OfferCategory,
  type OfferCondition,
  type RequestCategory,
  type Urgency,
} from './values.ts';
import type { ContactKind } from './pow.ts';

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
  ...posterChoices,
  imageUrls: z._default(z.array(communityMedia(mediaType)).check(z.maxLength(MAX_MEDIA_FILES, `At most ${MAX_MEDIA_FILES} files`)), []),
  videoUrl: z.pipe(
    z.optional(z.nullable(z.union([z.literal(''), communityMedia(mediaType)]))),
    z.transform((value) => value || null),
  ),
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
    condition: z.pipe(
      z.optional(z.nullable(z.union([z.literal(''), z.enum(OFFER_CONDITIONS, { error: 'Choose a condition' })]))),
      z.transform((value) => value || null),
    ),
    availability: optionalText(LIMITS.contact, 'Availability'),
  })
  .check(mediaCount);
export type SurplusOfferInput = z.input<typeof surplusOfferInput>;

interface HelpPost {
  id: string;
  title: string;
  description: string;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  contactName: string;
  /** How the contact method reads; the method itself only on request (POST /api/{board}/:id/contact), and only when `showContact`. */
  contactKind: ContactKind;
  /** The poster chose to show the contact after a check; otherwise the answers (offer help, claim) are the only way to reach them. */
  showContact: boolean;
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

/** A post as its poster (with the manage secret) and moderators read it: with its contact method. */
export type OwnHelpPost<P extends AssistanceRequest | SurplusOffer> = P & { contactMethod: string; relayTexts: boolean };

/** "I can help" for a request (offer_help + requestId) or "I'd like this" for an offer (claim_item + offerId). */
export const assistanceResponseInput = z
  .object({
    responderName: required(LIMITS.name, 'Name'),
    responderContact: required(LIMITS.contact, 'Contact'),
    message: required(LIMITS.description, 'Message'),
    responseType: z.enum(RESPONSE_TYPES, { error: 'responseType must be offer_help or claim_item' }),
    requestId: z.optional(z.string().check(z.maxLength(LIMITS.id))),
    offerId: z.optional(z.string().check(z.maxLength(LIMITS.id))),
  })
  .check(
    z.refine((answer) => (answer.responseType === 'offer_help' ? !!answer.requestId && !answer.offerId : !!answer.offerId && !answer.requestId), {
      message: 'offer_help answers a requestId, claim_item an offerId',
      path: ['responseType'],
    }),
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
