/**
 * The security headers both hosts send. Pages get a Content-Security-Policy that lets scripts
 * run only from our own origin plus, by SHA-256, exactly the inline scripts that page carries
 * (Astro inlines its island loader, small component scripts and the language-remembering head
 * script); `functions/hosts/page-policies.ts` computes them from the built pages, and the pages rendered on demand
 * get theirs from src/middleware.ts.
 */

/** On every answer: pages, API, media and static files. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Only the enforcement report asks for a position, and only on our own pages. File inputs
  // (photos, videos, "take a photo") open the phone's own picker and need no camera permission.
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), display-capture=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), browsing-topics=()',
};

/**
 * A page's policy. Styles allow 'unsafe-inline': Astro inlines small stylesheets as <style>
 * blocks and a few pages set style attributes; injected CSS cannot run code, and every text a
 * visitor posted is rendered as text, never as markup. 'self' in connect-src covers the live
 * room's ws:/wss: socket to the same host (CSP Level 3; Safari since 15.4). Photo and video
 * previews before upload are blob: URLs. A live room hosted elsewhere (PUBLIC_LIVE_URL) adds its
 * socket origin.
 */
export function pagePolicy(scriptHashes: readonly string[], liveOrigin?: string): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    ['connect-src', "'self'", ...(liveOrigin ? [liveOrigin] : [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * API answers and media files are never pages: opened on their own they may load and run
 * nothing (an upload that slipped past the content checks still could not script our origin).
 */
export const NON_PAGE_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/**
 * The pages the server answers itself (functions/pages/html.ts): a form's result, a record read
 * without scripts. Their own inline styles, this site's photos, no script at all, and a form that
 * may post again to this site only.
 */
export const FORM_RESULT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** An API answer's policy: a form's result page may show its styles and post again; nothing else may. */
export const apiPolicy = (headers: Headers) => (headers.get('content-type')?.startsWith('text/html') ? FORM_RESULT_POLICY : NON_PAGE_POLICY);

/** Sets the shared headers and the given policy on a response whose headers may be changed. */
export function secure(headers: Headers, policy: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', policy);
}

/** `sha256-…` of each inline script in an HTML page, in page order, without repeats. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // Data blocks (application/json and the like) never run, so CSP does not look at them.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/(java|ecma)script$/.test(type)) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    const hash = `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}
