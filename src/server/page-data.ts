/**
 * What a page rendered on demand (`prerender = false`) needs of the server: its language from the
 * address, its data from the site's own API asked in process (the one way lists are read, with
 * the API's own checks and caches), and how long its answer may be kept.
 */
import { DEFAULT_LANG, isLang, type Lang } from '../common/i18n/languages.ts';

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
 * A board's answer carries nothing personal, so browsers and shared caches may keep it 30 s (the
 * spec's refresh), and serve it a minute longer while they ask for a fresh one.
 */
export const BOARD_CACHE = 'public, max-age=30, stale-while-revalidate=60';
