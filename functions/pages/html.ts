/**
 * The small pages the server answers itself, for browsers without JavaScript: a form's result,
 * and the pages read without scripts. One plain look, the site's Quick exit first, no script.
 */
import { translate } from '../../src/common/i18n/index.ts';
import { LOCALES, textDirection, type Lang } from '../../src/common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../src/common/i18n/messages.ts';

export const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#f5f7fa}
main{max-inline-size:36rem;margin-inline:auto;padding:1.5rem 1rem}
.notice{padding:1rem;border-radius:.75rem;border-inline-start:6px solid #15803d;background:#fff}
.notice.failed{border-color:#b91c1c}
h1{font-size:1.3rem;margin-block:0 .4rem}
form{display:grid;gap:.9rem;margin-block-start:1.25rem;padding:1rem;border-radius:.75rem;background:#fff}
label,legend{font-weight:600;display:block}
input:not([type=checkbox]):not([type=radio]),select,textarea{box-sizing:border-box;inline-size:100%;margin-block-start:.25rem;padding:.6rem;font:inherit;border:1px solid #9aa5b1;border-radius:.5rem}
textarea{min-block-size:6rem}
.hint,.muted{color:#52606d}
.hint{display:block;margin-block-start:.25rem}
.record,.notes li{padding:1rem;border-radius:.75rem;background:#fff}
.notes{display:grid;gap:.75rem;padding:0;list-style:none}
.notes p,.record p{margin-block:0 .4rem;overflow-wrap:anywhere}
.photo{border-radius:.75rem;object-fit:cover}
.badge{display:inline-block;padding:.1rem .6rem;border-radius:999px;font-weight:600;background:#fde68a}
.badge.found{background:#bbf7d0}
fieldset{border:0;padding:0;margin:0}
[aria-invalid=true]{border-color:#b91c1c;outline:2px solid #b91c1c}
button{padding:.7rem 1.2rem;font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem}
a{color:#1d4ed8}
.links{display:grid;gap:.5rem;margin-block-start:1.25rem}
.secret{overflow-wrap:anywhere}
.results{display:grid;gap:.6rem;padding:0;list-style:none}
.results li{padding:.8rem 1rem;border-radius:.75rem;background:#fff;overflow-wrap:anywhere}
.badge{color:#15803d}
.quick-exit{position:fixed;inset-block-end:1rem;inset-inline-end:1rem;padding:.7rem 1.1rem;border-radius:999px;background:#1f2933;color:#fff;font-weight:700;text-decoration:none}
`;

/** The page, with the site's Quick exit link first (a plain link: this page runs no script). */
export function document(lang: Lang, title: string, main: string, exit: string): string {
  const quickExit = `<a class="quick-exit" href="${escape(exit)}" rel="noreferrer">${words(lang, 'quickExit.label')}</a>`;
  return `<!doctype html><html lang="${LOCALES[lang]}" dir="${textDirection(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${quickExit}<main>${main}</main></body></html>`;
}

export const pathIn = (lang: Lang, path: string) => (lang === 'en' ? path : `/${lang}${path === '/' ? '' : path}`);
export const words = (lang: Lang, key: MessageKey, vars?: Vars) => escape(translate(lang, key, vars));

/** The page as the answer; the API route's cookies (an admin session) ride along. */
export function resultPage(status: number, html: string, headers = new Headers()): Response {
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(html, { status, headers });
}
