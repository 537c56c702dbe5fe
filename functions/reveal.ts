/**
 * Posters' contacts, shown one at a time on request (POST /api/{board}/:id/contact), never in a
 * list or an item's answer: a list that hands out every family's phone number in one request is
 * a harvest. With scripts the request carries a proof of work and gets the contact as JSON;
 * without, the card's small form posts here and gets a page with the contact, under the same
 * per-client limit.
 */
import { and, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContactKind, RevealedContact, RevealBoard } from '../src/contract/index.ts';
import { isLang, type Lang } from '../src/i18n/languages.ts';
import { contactLink } from '../src/lib/format.ts';
import type { RouteDeps } from './deps.ts';
import { FORM_TYPE, readForm } from './form-posts.ts';
import { document, escape, pathIn, resultPage, words } from './html-page.ts';
import { apiError } from './http.ts';
import { rateLimit } from './rate-limit.ts';

/**
 * The stored contact of the listed post `where` picks: null when it has none, undefined when no
 * such post is listed. The one place a contact is read for a reveal.
 */
export async function readContact(
  { db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>,
  table: SQLiteTable,
  column: SQLiteColumn,
  where: SQL | undefined,
): Promise<string | null | undefined> {
  const [row] = await db.select({ contact: column }).from(table).where(and(where)).limit(1);
  if (!row) return undefined;
  // Stored sealed: opened here, for this one request.
  return typeof row.contact === 'string' ? sealed.openValue(column, row.contact) : null;
}

/** The card's small form without scripts: one tap posts it and the answer is a page with the contact. */
export const revealForm = (lang: Lang, board: RevealBoard, id: string, kind: ContactKind) =>
  `<form class="reveal" method="post" action="/api/${board}/${encodeURIComponent(id)}/contact"><input type="hidden" name="lang" value="${lang}"><button type="submit">${words(lang, kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton')}</button></form>`;

const BACK: Record<RevealBoard, string> = { 'lost-found': '/lost-found', 'assistance-requests': '/', 'surplus-offers': '/' };

/**
 * The handlers of POST /:id/contact on `board`: an unknown, hidden or expired post (or one with no
 * contact) is refused before anything counts; then the per-client limit and the proof of work
 * (rate-limit.ts, `always`); then the contact, never cached.
 */
export function revealRoute(
  deps: RouteDeps,
  board: RevealBoard,
  contactOf: (id: string) => Promise<string | null | undefined>,
): [MiddlewareHandler, MiddlewareHandler, (c: Context) => Promise<Response>] {
  const noForm = (c: Context) => !FORM_TYPE.test(c.req.header('content-type') ?? '');
  const langOf = async (c: Context): Promise<Lang> => {
    const lang = noForm(c) ? undefined : (await readForm(c))?.get('lang');
    return isLang(lang) ? lang : 'en';
  };
  const page = async (c: Context, status: number, main: string) => {
    const lang = await langOf(c);
    return resultPage(
      status,
      document(
        lang,
        words(lang, 'lostFound.contactButton'),
        `${main}<p class="links"><a href="${escape(pathIn(lang, BACK[board]))}">${words(lang, 'reveal.back')}</a></p>`,
        deps.quickExitUrl,
      ),
    );
  };
  const limit = rateLimit(deps, 'contactReveal', { always: true });
  return [
    async (c, next) => {
      if (await contactOf(c.req.param('id')!)) return next();
      if (noForm(c)) return apiError(c, 404, 'not_found', 'This post is no longer listed or has no contact');
      return page(c, 404, `<div class="notice failed"><p>${words(await langOf(c), 'reveal.gone')}</p></div>`);
    },
    // Past the limit, a form post gets a page saying so.
    async (c, next) => {
      const refused = await limit(c, next);
      if (!refused) return;
      return noForm(c) ? refused : page(c, 429, `<div class="notice failed"><p>${words(await langOf(c), 'reveal.tooMany')}</p></div>`);
    },
    async (c) => {
      const contact = (await contactOf(c.req.param('id')!))!;
      const link = contactLink(contact);
      c.header('cache-control', 'no-store');
      if (noForm(c)) return c.json({ contact, contactKind: link.kind } satisfies RevealedContact);
      const lang = await langOf(c);
      const shown = link.href ? `<a href="${escape(link.href)}" dir="auto">${escape(contact)}</a>` : `<bdi>${escape(contact)}</bdi>`;
      return page(c, 200, `<div class="notice"><h1>${words(lang, link.kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton')}</h1><p>${shown}</p></div>`);
    },
  ];
}
