/// <reference lib="webworker" />
/**
 * Solves one proof-of-work challenge off the page's thread, so the page stays usable while it
 * works: altcha-lib's own solver with the browser's SHA-256.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

self.onmessage = async (event: MessageEvent<Challenge>) => {
  self.postMessage(await solveChallenge({ challenge: event.data, deriveKey }).catch(() => null));
};
