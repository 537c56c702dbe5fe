/**
 * What a page rendered on demand (`prerender = false`) needs of the server: its language from the
 * address, its data from the site's own API asked in process (the one way lists are read, with
 * the API's own checks and caches), and how long its answer may be kept.
 */
import type { AstroGlobal } from 'astro';
import { COUNTIES } from '../common/contract/places.ts';
import { PAGE_SIZE } from '../common/contract/limits.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../common/i18n/languages.ts';
import { countyPath } from '../client/area.ts';
import { listUrl, SCREEN, type BoardStart } from '../client/lists.ts';

/** The language a `[...lang]` address names: none is English; a prefix that is no language is no page (undefined). */
export function renderedLanguage(prefix: string | undefined): Lang | undefined {
  if (prefix === undefined) return DEFAULT_LANG;
  return isLang(prefix) && prefix !== DEFAULT_LANG ? prefix : undefined;
}

/** The API's answer to a GET of `path`, or null when none came (no API in this host, or it failed). */
export async function apiGet(locals: App.Locals, path: string): Promise<Response | null> {
  try {
    return (await locals.api?.(path)) ?? null;
  } catch {
    return null;
  }
}

/** The API's data for a GET of `path`, or null when it gave none (the page's script asks again). */
export async function apiJson<T>(locals: App.Locals, path: string): Promise<T | null> {
  const response = await apiGet(locals, path);
  return response?.ok ? ((await response.json()) as T) : null;
}

/**
 * A board's answer carries nothing personal, so a shared cache (Cloudflare's edge, a proxy) may
 * keep it 30 s, the spec's refresh, and serve it 30 s longer while it asks for a fresh one. A
 * browser asks again each time: a person who just posted sees the post on the next page they open.
 * The island wakes from a kept answer as from a fresh one, and asks for the list at once when the
 * answer is older than a few seconds (src/client/lists.ts).
 */
export const BOARD_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

/**
 * What a board's address asks for without scripts, as its links and GET form write it: one
 * county (a choice from the list, never anything typed), and how many cards to show ("Show more"
 * adds a screen; at most a full page of the API).
 */
export function boardAddress(url: URL): { county: string | null; shown: number } {
  const named = url.searchParams.get('county');
  const county = COUNTIES.some((each) => each.name === named) ? named : null;
  const screens = Math.ceil(Number(url.searchParams.get('shown')) / SCREEN) || 1;
  // The API answers at most PAGE_SIZE.max, and one more than shown is asked for.
  return { county, shown: Math.min(Math.max(screens, 1), Math.floor((PAGE_SIZE.max - 1) / SCREEN)) * SCREEN };
}

/**
 * A board's first items, as its island will start from them: of `path` in `county`, the newest
 * `shown` of a paged list (the island asks for the rest with "Show more": the page carries only
 * what it shows, twice, drawn and as the island's data), or the whole of one the API answers whole.
 */
export async function boardList<T>(locals: App.Locals, path: string, { county, shown }: ReturnType<typeof boardAddress>, page?: number): Promise<BoardStart<T> | null> {
  const listPath = countyPath(path, county);
  // One more than shown says whether there are more.
  const items = await apiJson<T[]>(locals, listUrl(listPath, page && shown + 1));
  if (!items) return null;
  return { path: listPath, items: page ? items.slice(0, shown) : items, more: !!page && items.length > shown, county, shown, at: Date.now() };
}

/**
 * What a page of boards needs before it draws: its language (null: the address names none, a 404)
 * and what its address asks for (the county, the cards shown).
 */
export function renderedPage(astro: AstroGlobal) {
  const lang = renderedLanguage(astro.params.lang);
  return lang ? { lang, address: boardAddress(astro.url) } : null;
}

/**
 * Lets shared caches keep a page of boards, but never one drawn without its items (the API
 * failed): the next visitor gets a fresh try.
 */
export function keepBoards(astro: AstroGlobal, drawn: boolean) {
  astro.response.headers.set('Cache-Control', drawn ? BOARD_CACHE : 'no-store');
}

/** A board's page: its language, the county its address chose, and its first items (see renderedPage, boardList). */
export async function renderBoard<T>(astro: AstroGlobal, path: string, page?: number) {
  const rendered = renderedPage(astro);
  if (!rendered) return null;
  const { lang, address } = rendered;
  const first = await boardList<T>(astro.locals, path, address, page);
  keepBoards(astro, !!first);
  return { lang, county: address.county, first };
}
