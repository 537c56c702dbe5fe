/** Limits and value lists of the contract: plain values an island can import without zod. */

/** Length caps for every text field a person can send. */
export const LIMITS = {
  name: 120,
  city: 100,
  description: 2000,
  contact: 200,
  url: 500,
} as const;

/** Page size of every list the API answers. */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** Largest JSON body any write endpoint reads. */
export const MAX_JSON_BYTES = 64 * 1024;
