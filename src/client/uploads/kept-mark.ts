/**
 * Set in localStorage (to "1") while this phone keeps an upload to go on with: only then does a
 * field load the uploader as it opens. Apart from ./kept.ts, whose code comes only with the uploader.
 */
export const KEPT = 'uploads-kept';
