/**
 * Size budgets on the production build (made by the global setup), per route and language: what
 * a phone downloads for the first view, gzipped. The figures: `npm run size`. And how the
 * embedded server sends files: compressed, hashed assets cached for a year.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breaches, builtPages, kindOf, pageWeight, renderedPages } from '../../scripts/page-weight.ts';
import { LANGUAGES } from '../../src/common/i18n/languages.ts';
import { sharedServer } from './chromium.ts';

// The prebuilt pages, and those the shared server renders on demand.
const byRoute = Map.groupBy([...builtPages(), ...(await renderedPages(sharedServer().baseURL))], (page) => page.route);

describe('size budgets', () => {
  it('finds every page of the build, in every language', () => {
    expect(byRoute.size).toBeGreaterThan(10);
    for (const [route, pages] of byRoute) expect(pages.map((page) => page.lang).sort(), route).toEqual([...LANGUAGES].sort());
  });

  it.each([...byRoute.keys()].map((route) => [route, kindOf(route)]))('%s (%s) keeps its budgets in every language', (route) => {
    expect(byRoute.get(route)!.flatMap((page) => breaches(pageWeight(page)))).toEqual([]);
  });
});

describe('served for a cheap phone', () => {
  const { baseURL } = sharedServer();
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } });

  it('pages (their styles inside), scripts and JSON gzipped; hashed assets kept for a year, nothing else', async () => {
    const astro = readdirSync(new URL('../../dist/client/_astro/', import.meta.url));
    // The pulse twice: the second answer comes from the list cache, compressed there.
    for (const path of ['/', '/es/sos', `/_astro/${astro.find((file) => file.endsWith('.js'))}`, '/api/pulse', '/api/pulse']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      expect(response.headers.get('vary'), path).toContain('Accept-Encoding');
      if (path.startsWith('/_astro/')) expect(response.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      else expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable');
    }
  });

  it('images as they are', async () => {
    const image = await get('/icon-512.png');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-encoding')).toBeNull();
  });
});
