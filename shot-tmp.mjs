import { chromium } from 'playwright-core';
const exe = process.env.CHROME;
const browser = await chromium.launch({ executablePath: exe });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const page = await ctx.newPage();
const base = 'http://localhost:4471';
for (const [path, name, sel] of [['/map', 'map-en', '.map-tallies'], ['/ar/map', 'map-ar', '.map-tallies'], ['/pa/map', 'map-pa', '.map-tallies'], ['/es/alerts-live', 'alerts-live-es', 'input[name=updates]'], ['/ar/alerts-live', 'alerts-live-ar', 'input[name=updates]'], ['/ar/admin', 'admin-ar', '.admin-sign-in'], ['/responders-admin', 'resp-admin-en', '.admin-sign-in']]) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const el = page.locator(sel).first();
  await el.waitFor({ state: 'attached', timeout: 10000 });
  await page.waitForTimeout(500);
  await el.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -80));
  await page.screenshot({ path: `/tmp/shot/${name}.png` });
}
await browser.close();
