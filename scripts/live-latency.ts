/**
 * Measures how long a live event takes to reach another open page: from the moment a
 * lost-and-found post's response arrives to the moment the toast appears on a page in headless
 * Chromium, over the real embedded server (current build, temp database).
 * Usage: npm run build && npm run bench:live [-- 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../tests/e2e/chromium.ts';
import { startServer } from '../tests/e2e/start-server.ts';
import { loopback, postFrom } from '../tests/post-from.ts';

const rounds = Number(process.argv[2] ?? 20);
const folder = mkdtempSync(join(tmpdir(), 'fhr-latency-'));
const server = await startServer(folder);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ baseURL: server.url });
  await page.goto('/');
  await page.waitForSelector('live-events[data-connected]', { state: 'attached', timeout: 20_000 });
  const latencies: number[] = [];
  let missed = 0;
  for (let round = 0; round < rounds; round++) {
    const name = `Latency ${round} ${Date.now()}`;
    const shown = page.evaluate(
      (name) =>
        new Promise<number | null>((resolve) => {
          setTimeout(() => resolve(null), 5000);
          const region = document.querySelector('toast-region')!;
          const observer = new MutationObserver(() => {
            if (region.textContent?.includes(name)) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(region, { childList: true, subtree: true, characterData: true });
        }),
      name,
    );
    await page.waitForTimeout(50);
    // Each round posts as another person, so the rate limit never answers for the room.
    const response = await postFrom(loopback(round), `${server.url}/api/lost-found`, { name, lastSeenCity: 'Bench' });
    const answered = Date.now();
    if (response.status !== 201) throw new Error(`post answered ${response.status}`);
    const at = await shown;
    if (at === null) missed++;
    else latencies.push(at - answered);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  console.log(`post response -> toast on another page, ${rounds} rounds (ms): median ${at(0.5)}, p95 ${at(0.95)}, min ${sorted[0]}, max ${sorted.at(-1)}`);
  console.log(`all: ${latencies.join(' ')}; toasts not seen within 5 s: ${missed}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
