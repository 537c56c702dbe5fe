import { DEFAULT_DONATION_URL, DEFAULT_QUICK_EXIT_URL } from './common/contract/limits.ts';

/**
 * Build-time settings of the prebuilt pages. The external card-payment page people donate on:
 * set PUBLIC_DONATION_URL when building (`PUBLIC_DONATION_URL=https://… npm run build`); the
 * server's GET /api/donation-links reads the same variable.
 */
export const DONATION_URL: string = import.meta.env.PUBLIC_DONATION_URL || DEFAULT_DONATION_URL;

/** The public address of the site, for share texts (falls back to the page's own origin). */
export const SITE_URL: string | undefined = import.meta.env.PUBLIC_SITE_URL || undefined;

/**
 * Where Quick exit sends a person who must hide this site at once. Set PUBLIC_QUICK_EXIT_URL when
 * building to pick another; the server's pages after a form post read the same variable.
 */
export const QUICK_EXIT_URL: string = import.meta.env.PUBLIC_QUICK_EXIT_URL || DEFAULT_QUICK_EXIT_URL;

/**
 * The PartyKit-hosted live room's https address (`npx partykit deploy` prints it) when the room
 * runs there; pages then listen to it instead of their own host. Unset: the same origin.
 */
export const LIVE_URL: string | undefined = import.meta.env.PUBLIC_LIVE_URL || undefined;
