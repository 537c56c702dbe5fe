/**
 * The proof-of-work solver, loaded only when the server asks for a solution (its own chunk: it
 * never weighs on a page's first view). The work runs in a Web Worker of this site; no script
 * from elsewhere, nothing sent anywhere but back to the server that asked.
 */
import type { PowChallenge } from '../contract/pow.ts';

/** The POW_HEADER value proving `challenge` solved: base64 of {challenge, solution}; null when it could not be solved. */
export function solve(challenge: PowChallenge): Promise<string | null> {
  const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<string | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ counter: number; derivedKey: string } | null>) =>
      resolve(event.data ? btoa(JSON.stringify({ challenge, solution: event.data })) : null);
    worker.onerror = () => resolve(null);
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
}
