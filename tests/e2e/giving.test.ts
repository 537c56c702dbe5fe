/**
 * The fixed giving pages: /donations (figures computed from the goal and the amount raised),
 * /share (WhatsApp, SMS, email, clipboard and the device share sheet) and /emergency (the
 * hotline directory, numbers kept left to right in Arabic). Plain prebuilt pages: no React.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { toast, usePhone } from './chromium.ts';
import en from '../../src/common/i18n/en.json' with { type: 'json' };
import ar from '../../src/common/i18n/ar.json' with { type: 'json' };
import es from '../../src/common/i18n/es.json' with { type: 'json' };
import zh from '../../src/common/i18n/zh.json' with { type: 'json' };

const { baseURL, visit } = usePhone();
const origin = new URL(baseURL).origin;
/** A fresh phone context and page (closed by the caller through `context.close()`). */
const open = (path: string, setup?: (context: BrowserContext) => Promise<unknown>) => visit(path, { before: (page) => setup?.(page.context()) });

/** Text without the invisible direction marks Intl and the page put around numbers. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function expectNoReact(page: Page, scripts: Promise<string>[]) {
  expect(await page.locator('astro-island').count()).toBe(0);
  expect((await Promise.all(scripts)).some((code) => code.includes('react.dev/errors'))).toBe(false);
}

describe('/donations', () => {
  it('shows the goal figures computed from 50000 and 34567, sample-marked, with three donate buttons', async () => {
    const { context, page, scripts } = await open('/donations');
    expect(await page.locator('h1').textContent()).toBe('Donation Impact Tracker');

    const bar = page.locator('[role="progressbar"]');
    expect(await bar.getAttribute('aria-valuenow')).toBe('69.134');
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('69.1%');
    expect(await bar.evaluate((element) => (element.getAttribute('aria-labelledby') ? document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent : null))).toBe(
      'Progress toward the goal',
    );
    // The filled part is 69.134% of the bar.
    const [full, filled] = await bar.evaluate((element) => [element.clientWidth, (element.firstElementChild as HTMLElement).getBoundingClientRect().width]);
    expect(filled! / full!).toBeCloseTo(0.69134, 2);

    expect(plain(await page.locator('[data-figure="raised"]').textContent())).toBe('$34,567');
    expect(plain(await page.locator('.donations-raised').textContent())).toContain('raised of a $50,000 goal');
    expect(plain(await page.locator('[data-figure="percent"]').textContent())).toBe('69.1% funded');
    expect(plain(await page.locator('[data-figure="remaining"]').textContent())).toBe('$15,433 still needed');
    expect(plain(await page.locator('[data-figure="needed"]').textContent())).toBe('309 donations of $50 would reach the goal');

    const body = plain(await page.locator('main').textContent());
    expect(body).toContain('100% of donations go directly to families in need.');
    expect(body).toContain(en['donations.sampleNote']);
    expect(await page.locator('main .badge', { hasText: 'Sample' }).count()).toBeGreaterThanOrEqual(3);

    const presets = page.locator('a.donations-preset');
    expect(await presets.count()).toBe(3);
    const texts = (await presets.allTextContents()).map(plain);
    expect(texts[0]).toContain('Donate $10');
    expect(texts[0]).toContain('3 meals');
    expect(texts[1]).toContain('Donate $50');
    expect(texts[1]).toContain('Emergency transportation');
    expect(texts[2]).toContain('Donate $100');
    expect(texts[2]).toContain('One night of shelter');
    const hrefs = await presets.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(new Set(hrefs).size).toBe(1);
    expect(hrefs[0]).toMatch(/^https:\/\//);
    expect(new URL(hrefs[0]!).origin).not.toBe(origin);
    for (const link of await presets.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    }

    // Recent gifts: fixed names or "Anonymous", amounts, relative times.
    const recent = page.locator('.donations-recent > li');
    expect(await recent.count()).toBeGreaterThanOrEqual(4);
    const recentText = (await recent.allTextContents()).map(plain);
    expect(recentText.some((row) => row.startsWith('Anonymous'))).toBe(true);
    expect(recentText.every((row) => /\$\d/.test(row) && /(Just now|\d+h ago|\d+d ago)$/.test(row))).toBe(true);

    // Spending breakdown sums to 100 and shows each share.
    const shares = await page.locator('.donations-spending > li').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.share)));
    expect(shares.length).toBeGreaterThanOrEqual(4);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
    const spendingText = plain(await page.locator('.donations-spending').textContent());
    for (const label of ['Food', 'Shelter', 'Legal help', 'Transportation']) expect(spendingText).toContain(label);
    for (const share of shares) expect(spendingText).toContain(`${share}%`);

    expect(await page.locator('main a[href="/share"]').count()).toBe(1);
    await expectNoReact(page, scripts);
    await context.close();
  });

  it('formats the same figures the Arabic way on /ar/donations, right to left', async () => {
    const { context, page, scripts } = await open('/ar/donations');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('.brand').textContent()).toContain(ar['site.name']);

    const money = (amount: number) =>
      plain(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(amount));
    const percent = plain(new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 1 }).format(0.69134));
    const bar = page.locator('[role="progressbar"]');
    expect(await bar.getAttribute('aria-valuenow')).toBe('69.134');
    expect(plain(await bar.getAttribute('aria-valuetext'))).toBe(percent);
    expect(plain(await page.locator('[data-figure="raised"]').textContent())).toBe(money(34567));
    expect(plain(await page.locator('[data-figure="percent"]').textContent())).toContain(percent);
    expect(plain(await page.locator('[data-figure="remaining"]').textContent())).toContain(money(15433));
    expect(plain(await page.locator('[data-figure="needed"]').textContent())).toContain(new Intl.NumberFormat('ar').format(309));
    expect(await page.locator('a.donations-preset').count()).toBe(3);
    expect(await page.locator('main a[href="/ar/share"]').count()).toBe(1);
    await expectNoReact(page, scripts);
    await context.close();
  });
});

describe('/share', () => {
  const text = `${en['share.message']} ${origin}`;

  it('builds the WhatsApp and email links from the invitation and the site address', async () => {
    const { context, page, scripts } = await open('/share');
    expect(await page.locator('h1').textContent()).toBe(en['share.title']);
    expect(await page.locator('[data-share-text]').textContent()).toBe(text);

    const whatsapp = page.locator('a[data-share-whatsapp]');
    expect(await whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    expect(await whatsapp.getAttribute('rel')).toBe('noopener noreferrer');

    const email = page.locator('a[data-share-email]');
    const query = `?subject=${encodeURIComponent(en['share.subject'])}&body=${encodeURIComponent(text)}`;
    expect(await email.getAttribute('href')).toBe(`mailto:${query}`);
    await page.getByLabel('Email address').fill('friend@example.org');
    expect(await email.getAttribute('href')).toBe(`mailto:friend@example.org${query}`);
    await page.getByLabel('Email address').fill('');
    expect(await email.getAttribute('href')).toBe(`mailto:${query}`);

    await expectNoReact(page, scripts);
    await context.close();
  });

  it('SMS: an empty number shows a toast; a number opens the sms: link with the text', async () => {
    const { context, page } = await open('/share');
    const smsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('sms:')) smsRequests.push(request.url());
    });
    const send = page.getByRole('button', { name: 'Send text message' });

    await send.click();
    await expect.poll(() => toast(page).textContent()).toContain('Please enter a phone number');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(300);
    expect(smsRequests).toEqual([]);
    expect(page.url()).toBe(`${origin}/share`);

    await page.getByLabel('Phone number').fill('(559) 555-0100');
    const [request] = await Promise.all([page.waitForRequest((request) => request.url().startsWith('sms:')), send.click()]);
    expect(request.url()).toBe(`sms:5595550100?&body=${encodeURIComponent(text)}`);
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it("copies the text and link to the clipboard and says 'Link copied!'", async () => {
    const { context, page } = await open('/share', (context) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }));
    await page.getByRole('button', { name: 'Copy text and link' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Link copied!');
    expect(await toast(page).getAttribute('data-variant')).toBe('success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await context.close();
  });

  it('offers the device share sheet only where the device has one', async () => {
    // Headless desktop Chromium has no share sheet: the button stays hidden.
    const without = await open('/share');
    expect(await without.page.evaluate(() => typeof navigator.share)).toBe('undefined');
    expect(await without.page.locator('[data-share-device]').isHidden()).toBe(true);
    await without.context.close();

    // A phone browser's share sheet (stood in for by a recording function) gets the message and address.
    const { context, page } = await open('/share', (context) =>
      context.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          value: async (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
          },
        });
      }),
    );
    const device = page.getByRole('button', { name: en['share.device'] });
    expect(await device.isVisible()).toBe(true);
    await device.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: en['site.name'],
        text: en['share.message'],
        url: origin,
      });
    await context.close();
  });

  it('shares the Spanish home page from /es/share', async () => {
    const { context, page, scripts } = await open('/es/share');
    expect(await page.locator('html').getAttribute('lang')).toBe('es-US');
    const shared = await page.locator('[data-share-text]').textContent();
    expect(shared!.endsWith(` ${origin}/es`)).toBe(true);
    expect(await page.locator('a[data-share-whatsapp]').getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(shared!)}`);
    await expectNoReact(page, scripts);
    await context.close();
  });
});

describe('/emergency', () => {
  const lines: [href: string, number: string][] = [
    ['tel:911', '911'],
    ['tel:988', '988'],
    ['sms:988', '988'],
    ['sms:741741?&body=HOME', '741741'],
    ['tel:18007997233', '1-800-799-7233'],
    ['tel:18883737888', '1-888-373-7888'],
    ['tel:211', '2-1-1'],
  ];

  it('lists the hotlines grouped by need, each a tel: or sms: link, with a link to /sos', async () => {
    const { context, page, scripts } = await open('/emergency');
    expect(await page.locator('h1').textContent()).toBe('Emergency Hotlines');
    expect(await page.locator('main section h2').allTextContents()).toEqual(
      expect.arrayContaining(['Danger right now', 'Crisis and emotional support', 'Violence and trafficking', 'Food, housing and legal help']),
    );
    for (const [href, number] of lines) {
      const link = page.locator(`main .emergency-lines a[href="${href}"]`).first();
      expect(plain(await link.textContent()), href).toContain(number);
    }
    expect(plain(await page.locator('main a[href="sms:741741?&body=HOME"]').textContent())).toBe('Text HOME to 741741');
    expect(plain(await page.locator('main a[href="tel:18007997233"]').textContent())).toBe('Call 1-800-799-7233');
    const body = plain(await page.locator('main').textContent());
    for (const name of [
      '988 Suicide & Crisis Lifeline',
      'National Domestic Violence Hotline',
      'Crisis Text Line',
      'National Human Trafficking Hotline',
      'Immigration legal aid: ask 2-1-1',
    ]) {
      expect(body).toContain(name);
    }
    // Every phone link on the page dials one of the listed numbers: nothing invented.
    const known = new Set(lines.map(([href]) => href));
    for (const href of await page.locator('main a[href^="tel:"], main a[href^="sms:"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      expect(known.has(href), href).toBe(true);
    }
    expect(await page.locator('main a[href="/sos"]').count()).toBe(1);
    await expectNoReact(page, scripts);
    await context.close();
  });

  it('/es/emergency texts AYUDA to both text lines; /zh/emergency says to call for an interpreter', async () => {
    const spanish = await open('/es/emergency');
    expect(plain(await spanish.page.locator('main a[href="sms:741741?&body=AYUDA"]').textContent())).toBe(
      es['emergency.textWord'].replace('{word}', 'AYUDA').replace('{number}', '741741'),
    );
    expect(await spanish.page.locator('main a[href="sms:988?&body=AYUDA"]').count()).toBe(1);
    expect(await spanish.page.locator('main a[href*="body=HOME"]').count()).toBe(0);
    await spanish.context.close();

    const chinese = await open('/zh/emergency');
    expect(await chinese.page.locator('main a[href="sms:741741?&body=HOME"]').count()).toBe(1);
    const notes = (line: string) => chinese.page.locator(`[data-line="${line}"] .emergency-language`).allTextContents();
    expect((await notes('emergency.lifeline')).map(plain)).toEqual([zh['crisis.interpreter'], zh['crisis.textEnglishSpanish']]);
    expect((await notes('emergency.textLine')).map(plain)).toEqual([zh['crisis.textEnglishSpanish']]);
    await chinese.context.close();
  });

  it('keeps every number left to right on /ar/emergency', async () => {
    const { context, page, scripts } = await open('/ar/emergency');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.brand').textContent()).toContain(ar['site.name']);

    for (const [href, number] of lines) {
      const ltr = page.locator(`main .emergency-lines a[href="${href}"] bdi[dir="ltr"]`, { hasText: number }).first();
      expect(await ltr.count(), href).toBe(1);
      expect(await ltr.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    }
    // Numbers inside names and texts too ("988 …", "… 211").
    const numbersInText = await page.locator('main h3 bdi[dir="ltr"]').allTextContents();
    expect(numbersInText).toEqual(expect.arrayContaining(['988', '2-1-1']));
    // No phone number is left bare outside an ltr wrapper inside the links.
    for (const text of await page
      .locator('main a[href^="tel:"], main a[href^="sms:"]')
      .evaluateAll((links) =>
        links.flatMap((link) =>
          [link, ...link.querySelectorAll('span')].flatMap((node) => [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent!)),
        ),
      )) {
      expect(text).not.toMatch(/\d/);
    }
    expect(await page.locator('main a[href="/ar/sos"]').count()).toBe(1);
    await expectNoReact(page, scripts);
    await context.close();
  });
});
