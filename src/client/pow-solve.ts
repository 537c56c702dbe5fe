/**
 * The proof-of-work solver, loaded only when the server asks for a solution (its own chunk: it
 * never weighs on a page's first view). The work runs in a Web Worker of this site; no script
 * from elsewhere, nothing sent anywhere but back to the server that asked.
 */
import type { PowChallenge } from '../common/contract/pow.ts';
import { dismissToast, showToast } from './toast.ts';

/**
 * A solve still running after this long is said on screen: the hardest one (a flood, or a client
 * past its limit) takes seconds on a cheap phone, and a button that only says "Posting..." for
 * that long looks broken. It goes when the solve ends.
 */
const SAY_AFTER_MS = 2000;

/** The POW_HEADER value proving `challenge` solved: base64 of {challenge, solution}; null when it could not be solved. */
export function solve(challenge: PowChallenge): Promise<string | null> {
  const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  // The words are the toaster's, in the page's language.
  const words = document.querySelector<HTMLElement>('toast-region')?.dataset.checkingText;
  let said: number | undefined;
  const timer = setTimeout(() => {
    if (words) said = showToast({ title: words, duration: 120_000 });
  }, SAY_AFTER_MS);
  return new Promise<string | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ counter: number; derivedKey: string } | null>) =>
      resolve(event.data ? btoa(JSON.stringify({ challenge, solution: event.data })) : null);
    worker.onerror = () => resolve(null);
    worker.postMessage(challenge);
  }).finally(() => {
    worker.terminate();
    clearTimeout(timer);
    if (said !== undefined) dismissToast(said);
  });
}
