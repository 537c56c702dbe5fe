/**
 * Posters' contacts, shown one at a time on request (POST /api/{board}/:id/contact), never in a
 * list or an item's answer: a list that hands out every family's phone number in one request is
 * a harvest. With scripts the request carries a proof of work and gets the contact as JSON.
 * Without, a browser can do no work, so the card's small form carries a one-time token that the
 * page the server wrote holds (signed, bound to the post, spent once, an hour at most) and gets a
 * page with the contact: a post from elsewhere, or replayed, shows nothing. Either way the limits
 * count networks, not addresses (an IPv6 /64 holds 2^64 of them), each post's contact is shown
 * at most RATE_LIMITS.contactRevealPerPost times a day in all (then people write through the
 * post, which its poster reads), and all contacts together at most contactRevealAll an hour.
 */
import { and, type SQL } from 'drizzle-orm';
import { powSpent } from '../../db/schema.ts';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContactKind, RevealedContact, RevealBoard } from '../../src/common/contract/index.ts';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { isLang, type Lang } from '../../src/common/i18n/languages.ts';
import { contactLink } from '../../src/common/format.ts';
import type { RouteDeps } from '../deps.ts';
import { FORM_TYPE, readForm } from '../middleware/form-posts/index.ts';
import { document, escape, pathIn, resultPage, words } from '../pages/html.ts';
import { apiError } from './answers.ts';
import { MINUTE } from '../domain/time.ts';
import { rateLimit, spend } from '../middleware/rate-limit/index.ts';

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

/** How long the token of a page the server wrote can show the contact. */
const TOKEN_MINUTES = 60;

/** What a page token lets a form without scripts do once: show a contact, or send a message to the family. */
export type TokenPurpose = 'reveal' | 'message';

/** A one-time token for the `purpose` form of one post, for a page the server writes: `expires.nonce.signature`. */
export async function pageToken(deps: Pick<RouteDeps, 'keys' | 'now'>, purpose: TokenPurpose, board: RevealBoard, id: string): Promise<string> {
  const expires = deps.now() + TOKEN_MINUTES * MINUTE;
  const nonce = crypto.randomUUID();
  return `${expires}.${nonce}.${await deps.keys.hash(`${purpose}-token`, board, id, String(expires), nonce)}`;
}

/** Whether `token` was made for this purpose and post, has not expired, and was never used before (it is spent now). */
export async function spendPageToken(deps: RouteDeps, purpose: TokenPurpose, board: RevealBoard, id: string, token: string | undefined): Promise<boolean> {
  const [expires, nonce, signature, ...rest] = (token ?? '').split('.');
  if (!expires || !nonce || !signature || rest.length || !(Number(expires) > deps.now())) return false;
  if (signature !== (await deps.keys.hash(`${purpose}-token`, board, id, expires, nonce))) return false;
  const spent = await deps.db
    .insert(powSpent)
    .values({ signature, expiresAt: Number(expires) })
    .onConflictDoNothing()
    .returning({ signature: powSpent.signature });
  return spent.length > 0;
}

/** The card's small form without scripts, with its one-time token: one tap posts it and the answer is a page with the contact. */
export const revealForm = (lang: Lang, board: RevealBoard, id: string, kind: ContactKind, token: string) =>
  `<form class="reveal" method="post" action="/api/${board}/${encodeURIComponent(id)}/contact"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="token" value="${escape(token)}"><button type="submit">${words(lang, kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton')}</button></form>`;

const BACK: Record<RevealBoard, string> = { 'lost-found': '/lost-found', 'assistance-requests': '/', 'surplus-offers': '/' };

/**
 * The handlers of POST /:id/contact on `board`: an unknown, hidden or expired post (or one with no
 * contact) is refused before anything counts, and so is a form without a good token; then the
 * per-network limit and the proof of work (rate-limit.ts, `always`); then the post's own daily
 * limit and the hour's budget of all contacts; then the contact, never cached.
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
    // Past a limit, a form post gets a page saying so.
    async (c, next) => {
      if (!noForm(c) && !(await spendPageToken(deps, 'reveal', board, c.req.param('id')!, (await readForm(c))?.get('token'))))
        return page(c, 403, `<div class="notice failed"><p>${words(await langOf(c), 'reveal.expired')}</p></div>`);
      const refused = await limit(c, next);
      if (!refused) return;
      return noForm(c) ? refused : page(c, 429, `<div class="notice failed"><p>${words(await langOf(c), 'reveal.tooMany')}</p></div>`);
    },
    async (c) => {
      const id = c.req.param('id')!;
      const shown = (await spend(deps, 'contactRevealPerPost', await deps.keys.hash('reveal-post', board, id))) && (await spend(deps, 'contactRevealAll', 'all'));
      if (!shown) {
        if (noForm(c)) return apiError(c, 429, 'contact_limit', RATE_LIMITS.contactRevealPerPost.message);
        return page(c, 429, `<div class="notice failed"><p>${words(await langOf(c), 'reveal.leaveMessage')}</p></div>`);
      }
      const contact = (await contactOf(id))!;
      const link = contactLink(contact);
      c.header('cache-control', 'no-store');
      if (noForm(c)) return c.json({ contact, contactKind: link.kind } satisfies RevealedContact);
      const lang = await langOf(c);
      const value = link.href ? `<a href="${escape(link.href)}" dir="auto">${escape(contact)}</a>` : `<bdi>${escape(contact)}</bdi>`;
      return page(c, 200, `<div class="notice"><h1>${words(lang, link.kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton')}</h1><p>${value}</p></div>`);
    },
  ];
}
