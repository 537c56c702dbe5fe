import { atom } from 'nanostores';

/**
 * The country of birth chosen in /detained's locator card, read by the same page's directory to
 * show that country's consulates. It lives in this page's memory only: never sent, never kept.
 */
export const $birthCountry = atom<string | null>(null);
