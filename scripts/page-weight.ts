/**
 * Prints, for built pages in dist/client, the bytes a phone downloads: the HTML and all the
 * JavaScript the page loads (inline scripts, module scripts, island components and renderers and
 * everything they import), raw and gzipped. Usage: npm run size [-- /route /es/route ...]
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../dist/client/', import.meta.url);
const file = (path: string) => readFileSync(new URL(path.replace(/^\//, ''), root));
const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** A JS file and everything it imports, statically or dynamically, as /_astro/ paths. */
function withImports(path: string, seen: Set<string>) {
  if (seen.has(path)) return;
  seen.add(path);
  const code = file(path).toString();
  for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`]+\.js)["'`]/g)) {
    withImports(new URL(spec!, `http://x${path}`).pathname, seen);
  }
}

export function pageWeight(route: string) {
  const htmlPath = route.endsWith('.html') ? route : `${route.replace(/\/$/, '')}/index.html`;
  const html = file(htmlPath).toString();
  const scripts = new Set<string>();
  const urls = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g),
  ].map((match) => match[1]!);
  for (const url of urls) withImports(url, scripts);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('\n');
  const external = [...scripts].map((path) => file(path));
  return {
    route,
    htmlGzip: gz(html),
    jsFiles: scripts.size,
    jsRaw: external.reduce((sum, data) => sum + data.length, 0) + inline.length,
    // Each file travels compressed on its own, so each is gzipped on its own.
    jsGzip: external.reduce((sum, data) => sum + gz(data), 0) + (inline ? gz(inline) : 0),
    react: external.some((data) => data.includes('react.dev/errors')),
  };
}

if (import.meta.main) {
  if (!existsSync(root)) throw new Error('No build in dist/client: run npm run build first.');
  const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const rows = (routes.length ? routes : ['/', '/lost-found', '/404.html', '/ar/lost-found']).map(pageWeight);
  console.table(rows);
}
