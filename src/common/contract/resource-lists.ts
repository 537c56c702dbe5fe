/**
 * The directory's value lists: its categories, the moderators' finer ones, and a resource's
 * details (its opening days, languages, cost, what it does not ask for). A module of their own,
 * re-exported by ./values.ts, so only the pages that show or edit a directory load them.
 */

/** Resource categories on the public directory (the admin's finer list maps onto these). */
export const RESOURCE_CATEGORIES = ['Food', 'Shelter', 'Legal', 'Medical', 'Employment', 'Education'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

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

/** The admin's finer resource categories (spec section 3, in-memory admin). */
export const ADMIN_RESOURCE_CATEGORIES = [
  'Food Assistance',
  'Healthcare',
  'Legal Aid',
  'Housing',
  'Mental Health',
  'Education',
  'Immigration',
  'Employment',
  'Emergency Services',
  'Transportation',
  'Rapid Response',
  'Jail',
  'Hospital',
  'Consulate',
] as const;
export type AdminResourceCategory = (typeof ADMIN_RESOURCE_CATEGORIES)[number];

/**
 * One taxonomy: every admin category lists under one public category, so the public filter
 * (six plus All, as the spec asks) finds everything an admin adds.
 * - Healthcare and Mental Health are both care from a clinic or counsellor: Medical.
 * - Legal Aid and Immigration are both help from lawyers and clinics: Legal.
 * - Housing and Emergency Services (emergency beds, crisis help) are about a safe place tonight: Shelter.
 * - Transportation (rides to work, appointments and hearings) has no public category of its own;
 *   it lists under Employment, where rides to work are what people most look for.
 * - Rapid Response (a county's hotline when someone is being detained), Jail and Consulate are
 *   where a family turns when a relative may be held: Legal. A Hospital is Medical.
 *   /detained lists each of them by its own category.
 */
export const PUBLIC_CATEGORY_OF: Record<AdminResourceCategory, ResourceCategory> = {
  'Food Assistance': 'Food',
  Healthcare: 'Medical',
  'Legal Aid': 'Legal',
  Housing: 'Shelter',
  'Mental Health': 'Medical',
  Education: 'Education',
  Immigration: 'Legal',
  Employment: 'Employment',
  'Emergency Services': 'Shelter',
  Transportation: 'Employment',
  'Rapid Response': 'Legal',
  Jail: 'Legal',
  Hospital: 'Medical',
  Consulate: 'Legal',
};

/** The admin category a public submission starts with when an admin edits it (first match above). */
export const adminCategoryFor = (category: ResourceCategory): AdminResourceCategory => ADMIN_RESOURCE_CATEGORIES.find((admin) => PUBLIC_CATEGORY_OF[admin] === category)!;
