/**
 * Proof-of-work solve times in Debian's Chromium, as a phone solves them: altcha-lib's solver in
 * a module Web Worker of its own (as src/client/pow-solve.ts starts one), over challenges made as the
 * server makes them (deterministic SHA-256, the hidden counter random up to the difficulty), at
 * each difficulty from POW_DIFFICULTY.normal doubling to .max, on this machine and with 4x CPU
 * slowdown (CDP Emulation.setCPUThrottlingRate). Chromium throttles the page's own thread, not a
 * worker's, so the same solver also runs on the page's thread: its 4x figures are the cheap
 * phone's (a worker there is no faster than the thread it frees).
 * Reports the mean and slowest solve, the rate of tries, and the worst case (every counter
 * tried); the normal difficulty's worst case must stay under 1 s at 4x.
 * `npm run bench -- --only pow` takes the same figures.
 * Usage: npm run bench:pow [-- runs per difficulty, 8]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { chromium } from 'playwright-core';
import { POW_DIFFICULTY } from '../src/common/contract/pow.ts';

export const POW_TARGET_MS = 1000;
const ALTCHA = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/altcha-lib/dist/esm/v2');
const WORKER = `import { solveChallenge } from '/altcha/pow.js';
import { deriveKey } from '/altcha/algorithms/web/sha.js';
onmessage = async (event) => postMessage(await solveChallenge({ challenge: event.data, deriveKey }));`;
const PAGE = `<!doctype html><script type="module">
import { solveChallenge } from '/altcha/pow.js';
import { deriveKey } from '/altcha/algorithms/web/sha.js';
window.solveHere = async (challenge) => {
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { ms: performance.now() - started, counter: solution && solution.counter };
};
window.solve = (challenge) => new Promise((resolve) => {
  const started = performance.now();
  const worker = new Worker('/worker.js', { type: 'module' });
  worker.onmessage = (event) => { worker.terminate(); resolve({ ms: performance.now() - started, counter: event.data && event.data.counter }); };
  worker.postMessage(challenge);
});
</script>`;

function serve(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path !== '/' && path !== '/worker.js' && !/^\/altcha\/[\w/-]+\.js$/.test(path)) return response.writeHead(404).end();
    const [type, body] =
      path === '/' ? ['text/html', PAGE] : path === '/worker.js' ? ['text/javascript', WORKER] : ['text/javascript', readFileSync(join(ALTCHA, path.slice('/altcha/'.length)))];
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function powFigures(runs = 8) {
  const server = await serve();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'solveHere' in window);
    const cdp = await page.context().newCDPSession(page);
    const difficulties: number[] = [];
    for (let d: number = POW_DIFFICULTY.normal; d <= POW_DIFFICULTY.max; d *= 2) difficulties.push(d);
    for (const [slowdown, thread] of [
      [1, 'worker'],
      [1, 'page'],
      [4, 'page'],
    ] as const) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      for (const difficulty of difficulties) {
        const times: number[] = [];
        let tries = 0;
        for (let run = 0; run < runs; run++) {
          const challenge = await createChallenge({
            algorithm: 'SHA-256',
            cost: 1,
            counter: randomInt(difficulty),
            deriveKey,
            hmacSignatureSecret: 'bench',
            hmacKeySignatureSecret: 'bench',
          });
          const { ms, counter } = await page.evaluate(
            ([c, where]) => (window as unknown as Record<string, (c: unknown) => Promise<{ ms: number; counter: number }>>)[where === 'worker' ? 'solve' : 'solveHere']!(c),
            [challenge, thread] as const,
          );
          times.push(ms);
          tries += counter + 1;
        }
        const triesPerMs = tries / times.reduce((a, b) => a + b, 0);
        const worstMs = Math.round(difficulty / triesPerMs);
        rows.push({
          slowdown: `${slowdown}x`,
          thread,
          difficulty,
          meanMs: Math.round(times.reduce((a, b) => a + b, 0) / runs),
          slowestMs: Math.round(Math.max(...times)),
          triesPerSecond: Math.round(triesPerMs * 1000),
          worstCaseMs: worstMs,
          ...(difficulty === POW_DIFFICULTY.normal ? { withinTarget: worstMs <= POW_TARGET_MS } : {}),
        });
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await powFigures(Number(process.argv[2] ?? 8)));
