/**
 * What every page rendered on demand (a board with its data, a person's page) gets on both hosts,
 * as the prebuilt ones get it from their build: the shared security headers and a
 * Content-Security-Policy that allows exactly the inline scripts this answer carries, by hash. The
 * Node host's pages travel gzipped; no cookie is ever set.
 */
import { defineMiddleware } from 'astro:middleware';
import { hostedRoomOrigin } from './common/room.ts';
import { inlineScriptHashes, NON_PAGE_POLICY, pagePolicy, secure } from './common/security-headers.ts';
import { scriptsAfterPaint } from './common/scripts-after-paint.ts';
import { LIVE_URL } from './site-config.ts';

export const onRequest = defineMiddleware(async ({ isPrerendered, locals, request }, next) => {
  if (isPrerendered) return next();
  locals.api ??= locals.cfContext?.props?.api;
  let response = await next();
  // A page whose address names nothing (a prefix that is no language, a path under none): the
  // host's 404 page in the visitor's language, or a plain 404 (the worker answers its assets'
  // 404 page in its place).
  if (response.status === 404) {
    const page = await locals.notFoundPage?.(new URL(request.url).pathname);
    if (!page) {
      const notFound = new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      secure(notFound.headers, NON_PAGE_POLICY);
      return notFound;
    }
    response = page;
  }
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = scriptsAfterPaint(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  secure(headers, pagePolicy(await inlineScriptHashes(html), hostedRoomOrigin(LIVE_URL)));
  let body: BodyInit = html;
  if (locals.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    body = new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'));
    headers.set('Content-Encoding', 'gzip');
    headers.append('Vary', 'Accept-Encoding');
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
});
