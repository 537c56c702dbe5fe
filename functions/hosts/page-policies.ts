/**
 * Each built page's Content-Security-Policy, from the inline scripts it really carries. The Node
 * host reads them when it starts; the build writes the same policies into Cloudflare's
 * `_headers` file for the static assets.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hostedRoomOrigin } from '../../src/common/room.ts';
import { inlineScriptHashes, pagePolicy, SECURITY_HEADERS } from '../../src/common/security-headers.ts';

/**
 * Every HTML file under the client folder ("es/jobs/index.html", "404.html") with its policy;
 * `liveUrl` is the PUBLIC_LIVE_URL the pages were built with.
 */
export async function pagePolicies(clientDir: string, liveUrl = process.env.PUBLIC_LIVE_URL || undefined): Promise<Map<string, string>> {
  const liveOrigin = hostedRoomOrigin(liveUrl);
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const policies = new Map<string, string>();
  for (const file of files) {
    const name = file.split('\\').join('/');
    policies.set(name, pagePolicy(await inlineScriptHashes(await readFile(join(clientDir, file), 'utf8')), liveOrigin));
  }
  return policies;
}

/** The HTML file a page path is served from ("/es/jobs" -> "es/jobs/index.html"). */
export function pageFile(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return 'index.html';
  return trimmed.endsWith('.html') ? trimmed : `${trimmed}/index.html`;
}

/** The policy a path that is no page gets: its language's 404 page's. */
export const notFoundFile = (lang: string) => (lang === 'en' ? '404.html' : `${lang}/404.html`);

const MAX_RULES = 100;
const MAX_LINE = 2000;

/**
 * `_headers` rules for Workers static assets: the shared headers and the 404 page's policy on
 * every asset, then, for pages whose inline scripts differ, a rule that replaces the policy.
 * Cloudflare takes at most 100 rules, so a route whose policy is the same in every language gets
 * one rule for English and one `/:lang/route` rule for the others; the home pages (`/es`, …) are
 * listed one by one, since `/:lang` would also match every English route.
 */
export function headersRules(policies: Map<string, string>, languages: readonly string[], existing = ''): string {
  const fallback = policies.get('404.html');
  if (!fallback) throw new Error('The build has no 404.html to take the default page policy from.');
  for (const lang of languages) {
    if (policies.get(notFoundFile(lang)) !== fallback) throw new Error(`${notFoundFile(lang)} carries other inline scripts than 404.html; give every 404 page the same scripts.`);
  }
  const others = languages.filter((lang) => lang !== 'en');
  const routes = new Set(
    [...policies.keys()]
      .filter((file) => file.endsWith('index.html'))
      .map((file) => {
        const parts = file.split('/').slice(0, -1);
        return `/${(others.includes(parts[0]!) ? parts.slice(1) : parts).join('/')}`;
      }),
  );
  const rules: Array<[string, string]> = [];
  for (const route of [...routes].sort()) {
    const english = route === '/' ? '' : route;
    const inEach = others.map((lang) => policies.get(pageFile(`/${lang}${english}`)));
    const add = (path: string, policy: string | undefined) => policy && policy !== fallback && rules.push([path, policy]);
    add(route, policies.get(pageFile(route)));
    if (route !== '/' && inEach.every((policy) => policy === inEach[0])) add(`/:lang${english}`, inEach[0]);
    else others.forEach((lang, i) => add(`/${lang}${english}`, inEach[i]));
  }
  const text = [
    existing.trimEnd(),
    '# Security headers and page policies, written by the build (functions/hosts/page-policies.ts).',
    '/*',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${fallback}`,
    ...rules.flatMap(([path, policy]) => [path, '  ! Content-Security-Policy', `  Content-Security-Policy: ${policy}`]),
    '',
  ]
    .join('\n')
    .trimStart();
  const lines = text.split('\n');
  const ruleCount = lines.filter((line) => line.startsWith('/') || line.startsWith('https://')).length;
  if (ruleCount > MAX_RULES) throw new Error(`_headers would have ${ruleCount} rules; Cloudflare takes at most ${MAX_RULES}.`);
  if (lines.some((line) => line.length > MAX_LINE)) throw new Error(`A _headers line is longer than Cloudflare's ${MAX_LINE} characters.`);
  return text;
}
