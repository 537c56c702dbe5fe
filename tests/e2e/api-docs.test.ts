/**
 * The API reference on a phone: every route the served OpenAPI document describes is listed with
 * who may call it, the page links the document itself and the PFIF feed, the footer leads there,
 * and in Arabic the page reads right to left while paths stay left to right.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries, translator } from '../../src/common/i18n/index.ts';
import { usePhone } from './chromium.ts';

const { baseURL, open } = usePhone();

interface Document {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
}

const servedRoutes = async () => {
  const response = await fetch(`${baseURL}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const document = (await response.json()) as Document;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
};

/** The listed route whose method and path read `route` ("GET /api/lost-found"). */
const row = (page: Page, route: string) => page.locator('.api-list li').filter({ has: page.locator('code').getByText(route, { exact: true }) });
/** Who may call a listed route: said once above its list. */
const accessOf = (page: Page, route: string) => row(page, route).locator('xpath=ancestor::ul[1]/preceding-sibling::p[@data-access][1]').textContent();

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('/api-docs', () => {
  it('lists every route of the served document under who may call it, and links the document and the PFIF feed', async () => {
    const served = await servedRoutes();
    const page = await open('/api-docs');
    const listed = await page.$$eval('.api-list li > code', (codes) => codes.map((code) => code.textContent));
    expect(listed.sort()).toEqual(served.map(({ route }) => route).sort());
    expect(listed.length).toBeGreaterThan(70);

    const t = translator('en');
    // The method and path, then the summary (a text of the row's own).
    expect(await row(page, 'POST /api/lost-found').locator('code').textContent()).toBe('POST /api/lost-found');
    expect(await row(page, 'POST /api/lost-found').textContent()).toBe('POST /api/lost-foundPost a missing person');
    expect(await accessOf(page, 'POST /api/lost-found')).toBe(t('apiDocs.access', { who: t('apiDocs.anyone') }));
    expect(await accessOf(page, 'DELETE /api/lost-found/{id}')).toBe(t('apiDocs.access', { who: t('apiDocs.poster') }));
    expect(await accessOf(page, 'GET /api/admin/dashboard')).toBe(t('apiDocs.access', { who: t('apiDocs.moderators') }));
    expect(await accessOf(page, 'GET /api/respond/reports')).toBe(t('apiDocs.access', { who: t('apiDocs.responders') }));
    expect(await accessOf(page, 'POST /api/respond/sign-in/options')).toBe(t('apiDocs.access', { who: t('apiDocs.anyone') }));
    expect(await page.textContent('section[data-tag="Admin"] h3')).toBe('Admin');

    expect(await page.getAttribute('a[href="/api/openapi.json"]', 'href')).toBe('/api/openapi.json');
    expect(await page.locator('a[href="/api/pfif"]').count()).toBe(1);
    const opened = await page.request.get('/api/openapi.json');
    expect(((await opened.json()) as { openapi: string }).openapi).toBe('3.1.0');

    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await page.getAttribute('footer a[href="/api-docs"]', 'aria-current')).toBe('page');
    await page.context().close();
  });

  it('reads right to left in Arabic, with its paths left to right', async () => {
    const page = await open('/ar/api-docs');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.textContent('h1')).toBe(dictionaries.ar['apiDocs.title']);
    expect(await page.textContent('.api-about')).toContain(dictionaries.ar['apiDocs.contacts']);
    const t = translator('ar');
    const path = row(page, 'GET /api/lost-found').locator('code');
    expect(await path.evaluate((cell) => getComputedStyle(cell).direction)).toBe('ltr');
    expect(await accessOf(page, 'GET /api/lost-found')).toBe(t('apiDocs.access', { who: t('apiDocs.anyone') }));
    expect(await page.locator('footer a[href="/ar/api-docs"]').textContent()).toBe(dictionaries.ar['apiDocs.title']);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
