/**
 * The value lists of a resource's details (its opening days, languages, cost, what it does not
 * ask for): a module of their own, re-exported by ./values.ts, so only the pages that show or
 * edit them load them.
 */

/** A resource's opening days, as schema.org and HSDS abbreviate them, Monday first. */
export const WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Languages a resource's people speak, as BCP-47 codes: the product's own (Chinese spoken as
 * Mandarin `zh` or Cantonese `yue`; its traditional script is a writing, not a language spoken)
 * and others common in California, with the Indigenous languages of Mexico many farmworkers speak
 * (Mixtec, Zapotec) and American Sign Language.
 */
export const RESOURCE_LANGUAGES = [
  'en',
  'es',
  'zh',
  'yue',
  'tl',
  'vi',
  'ko',
  'hi',
  'pa',
  'ta',
  'ar',
  'hy',
  'fa',
  'ru',
  'ja',
  'km',
  'hmn',
  'lo',
  'pt',
  'mix',
  'zap',
  'ase',
] as const;
export type ResourceLanguage = (typeof RESOURCE_LANGUAGES)[number];

/** What a resource costs: free, or low cost (a sliding scale, a small fee). Unknown is null. */
export const RESOURCE_COSTS = ['free', 'low_cost'] as const;
export type ResourceCost = (typeof RESOURCE_COSTS)[number];

/** What a resource does not ask for: the questions immigrant families ask before they go. */
export const NOT_REQUIRED = ['id', 'ssn', 'proof_of_address', 'immigration_status', 'appointment'] as const;
export type NotRequired = (typeof NOT_REQUIRED)[number];
