import { Hono, type Context } from 'hono';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import {
  LIMITS,
  lostFoundInput,
  lostFoundNoteInput,
  lostFoundManageInput,
  PAGE_SIZE,
  privateFactsInput,
  type LostFoundManage,
  type LostFoundRecord,
  type PrivateFacts,
  type PostMessage,
} from '../../src/common/contract/index.ts';
import { lostFoundNotes, lostFoundPosts, postMessages } from '../../db/schema.ts';
import { searchFields } from '../../db/search-fields.ts';
import { isLang, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import { contactKindOf, personPath } from '../../src/common/format.ts';
import type { RouteDeps } from '../deps.ts';
import { toNote, toOwnPost, toPost, withoutContacts } from '../domain/mappers.ts';
import { attachUpload, previewKey, storePreview } from '../domain/media.ts';
import { countyQuery } from '../domain/places.ts';
import { placedLastSeen } from '../../src/common/contract/places.ts';
import { deleteLostFound } from '../domain/retention.ts';
import { expiresAt, keptRecord, visibleRecord } from '../domain/lifetime.ts';
import { search } from '../domain/person-search.ts';
import { readForm } from '../middleware/form-posts/index.ts';
import { resultPage } from '../pages/html.ts';
import { apiError, createdBefore, jsonBody, pageSize, readJson } from '../http/answers.ts';
import { newManageSecret, ownedPost } from '../http/manage.ts';
import { pushPersonNews } from '../outbound/push.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';
import { pageToken, readContact, revealRoute } from '../http/reveal.ts';
import { messageRoute, type RelayedPost } from '../http/relay.ts';
import { searchPage } from '../pages/search-results.ts';
import { newestFirst, toMinute } from '../domain/time.ts';

const tooLong = (query: string) => [...query].length > LIMITS.query;

/**
 * GET/POST /api/lost-found: the missing-person board, newest first, or with `q=` the records
 * whose name or last-seen city holds every word, best first (either in one county with
 * `county=`); a new post goes live. POST /search
 * answers the same search as a page, for the board's form posted without JavaScript. GET /:id is
 * one record with its notes (its page is /person/ID, rendered with it; GET /:id/token gives that
 * page the one-time token its contact or message form needs without scripts);
 * POST /:id/notes adds one. The post answers its private manage secret
 * once; with it (`Authorization: Bearer`) the poster reads the notes with their contacts and the
 * expiry (GET /:id/manage), extends the record (POST /:id/renew), marks the person found
 * (PATCH /:id) or deletes the post and its photo (DELETE /:id). The poster's contact leaves only
 * one at a time, on request (POST /:id/contact, functions/http/reveal.ts). A record lives LOST_FOUND_DAYS
 * from its posting or its last extension; then it is gone from every answer until the sweep
 * deletes it.
 */
export function lostFoundRoutes(deps: RouteDeps) {
  const { db, publish, sealed } = deps;
  const visible = () => visibleRecord(deps.now());
  const listed = (id: string) => and(eq(lostFoundPosts.id, id), visible());

  /** Makes the photo's copy a shared link shows, and names it on the record; a record deleted meanwhile loses it again. */
  const linkPreview = async (id: string, photoUrl: string) => {
    const previewUrl = await storePreview(deps, id, photoUrl);
    if (!previewUrl) return;
    const saved = await db.update(lostFoundPosts).set({ previewUrl }).where(eq(lostFoundPosts.id, id)).returning({ id: lostFoundPosts.id });
    if (!saved.length) await deps.media.delete(previewKey(id));
  };

  const stored = (where: SQL | undefined, limit: number = PAGE_SIZE.max) =>
    db
      .select()
      .from(lostFoundPosts)
      .where(where)
      .orderBy(...newestFirst(lostFoundPosts))
      .limit(limit);
  /** Every public read of whole records goes through here: their contacts stay sealed, as only their kind is answered. */
  const posts = async (where: SQL | undefined, limit?: number) => sealed.openRows(lostFoundPosts, withoutContacts(await stored(where, limit), 'contact'));
  /** The poster's own record, its contact opened. */
  const owned = async (c: Context) =>
    ownedPost(c, (await sealed.openRows(lostFoundPosts, await stored(and(eq(lostFoundPosts.id, c.req.param('id')!), keptRecord(deps.now())), 1)))[0]);
  const notesOf = async (postId: string) =>
    sealed.openRows(
      lostFoundNotes,
      await db
        .select()
        .from(lostFoundNotes)
        .where(and(eq(lostFoundNotes.postId, postId), eq(lostFoundNotes.hidden, false)))
        .orderBy(...newestFirst(lostFoundNotes))
        .limit(PAGE_SIZE.max),
    );
  /** The newest listed records, or with a query the records found best first, each saying why when not by its name as written; `before` by posting time. */
  const find = async (query: string, before: { where: SQL | undefined; at: string | undefined }, county: string | null, limit: number) => {
    if (query) {
      const found = await search(db, query, deps.now(), { before: before.at, county }, limit);
      const rows = await sealed.openRows(
        lostFoundPosts,
        withoutContacts(
          found.map((each) => each.post),
          'contact',
        ),
      );
      return rows.map((row, index) => {
        const { match } = found[index]!;
        return match ? { ...toPost(row), match } : toPost(row);
      });
    }
    return (await posts(and(visible(), county ? eq(lostFoundPosts.county, county) : undefined, before.where), limit)).map(toPost);
  };
  /** The visible record with its notes, or undefined. */
  const recordOf = async (id: string): Promise<LostFoundRecord | undefined> => {
    const [row] = await posts(listed(id));
    return row && { ...toPost(row), notes: (await notesOf(row.id)).map(toNote) };
  };
  /** A listed record as the relay needs it (its contact opened), or undefined. */
  const relayed = async (id: string): Promise<RelayedPost | undefined> => {
    const rows = await db
      .select({
        id: lostFoundPosts.id,
        contact: lostFoundPosts.contact,
        showContact: lostFoundPosts.showContact,
        lang: lostFoundPosts.lang,
        isSample: lostFoundPosts.isSample,
        relayTo: lostFoundPosts.relayTo,
      })
      .from(lostFoundPosts)
      .where(listed(id));
    return (await sealed.openRows(lostFoundPosts, rows))[0];
  };
  const messagesOf = async (postId: string): Promise<PostMessage[]> =>
    (
      await sealed.openRows(
        postMessages,
        await db
          .select()
          .from(postMessages)
          .where(eq(postMessages.postId, postId))
          .orderBy(...newestFirst(postMessages)),
      )
    ).map(({ postId: _post, ...message }) => message);
  const notFound = (c: Context) => apiError(c, 404, 'not_found', 'There is no such record; it may have been removed or expired');

  return (
    new Hono()
      .get('/', countyQuery, async (c) => {
        const before = createdBefore(c, lostFoundPosts);
        if (!before.ok) return before.response;
        const query = c.req.query('q')?.trim() ?? '';
        if (tooLong(query)) return apiError(c, 400, 'invalid_query', `q must be at most ${LIMITS.query} characters`);
        const { county } = c.var;
        return c.json(await find(query, before, county.county, pageSize(c, PAGE_SIZE)));
      })
      // The board's search form, posted by a browser without JavaScript (with it, the island asks GET).
      .post('/search', async (c) => {
        const form = await readForm(c);
        const lang: Lang = isLang(form?.get('lang')) ? (form!.get('lang') as Lang) : 'en';
        const query = String(form?.get('q') ?? '').trim();
        if (!form) return resultPage(413, searchPage(lang, '', [], deps.quickExitUrl, true));
        if (tooLong(query)) return resultPage(400, searchPage(lang, query, [], deps.quickExitUrl, true));
        const found = await find(query, { where: undefined, at: undefined }, null, PAGE_SIZE.default);
        return resultPage(200, searchPage(lang, query, found, deps.quickExitUrl));
      })
      .post('/', jsonBody(lostFoundInput), rateLimit(deps, 'lostFoundPost'), async (c) => {
        const { sharePhoto, ...input } = c.var.body;
        if (input.photoUrl && !(await attachUpload(db, 'missing-persons', input.photoUrl))) {
          return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { photoUrl: 'Photo not found: upload it again' });
        }
        const { secret, hash } = await newManageSecret();
        const place = placedLastSeen(input.lastSeenCity);
        const row = {
          ...input,
          ...place,
          contactKind: contactKindOf(input.contact),
          id: crypto.randomUUID(),
          status: 'missing',
          foundAs: null,
          relayTo: null,
          manageHash: hash,
          hidden: false,
          isSample: false,
          createdAt: toMinute(deps.now()),
          renewedAt: null,
          pfifId: null,
          sourceDate: null,
          ...searchFields({ ...input, ...place }),
          previewUrl: null,
        };
        await db.insert(lostFoundPosts).values(await sealed.sealRow(lostFoundPosts, row));
        await publish({ event: 'new-missing-person', data: { id: row.id, name: row.name, lastSeenCity: row.lastSeenCity } });
        // The copy a shared link shows is made after the answer: decoding a phone photo takes a second.
        if (sharePhoto && row.photoUrl) deps.defer(linkPreview(row.id, row.photoUrl));
        return c.json({ ...toOwnPost(row), manageToken: secret }, 201);
      })
      .get('/:id', async (c) => {
        const record = await recordOf(c.req.param('id'));
        // Whom a family looked up stays off the phone's disk (the service worker keeps none either).
        c.header('cache-control', 'no-store');
        return record ? c.json(record) : notFound(c);
      })
      // The record's page is /person/ID now: addresses given out before (texts, bookmarks) lead there.
      .get('/:id/page', (c) => {
        const lang = c.req.query('lang');
        return c.redirect(personPath(c.req.param('id'), isLang(lang) ? lang : 'en'), 302);
      })
      // The one-time token of the record's page (rendered on the server) for its one form that needs it without scripts: the contact shown, or a message to the family.
      .get('/:id/token', async (c) => {
        const [row] = await db
          .select({ showContact: lostFoundPosts.showContact, contact: lostFoundPosts.contact })
          .from(lostFoundPosts)
          .where(listed(c.req.param('id')));
        if (!row) return notFound(c);
        c.header('cache-control', 'no-store');
        // As takesMessages decides: a family that shows no contact (or has none) takes messages.
        const purpose = row.showContact && row.contact ? 'reveal' : 'message';
        return c.json({ token: await pageToken(deps, purpose, 'lost-found', c.req.param('id')) });
      })
      .post(
        '/:id/notes',
        jsonBody(lostFoundNoteInput),
        // An unknown, hidden or expired record is refused before the note counts against the limit.
        async (c, next) => {
          const [row] = await db
            .select({ id: lostFoundPosts.id })
            .from(lostFoundPosts)
            .where(listed(c.req.param('id')));
          if (!row) return notFound(c);
          await next();
        },
        rateLimit(deps, 'lostFoundNote'),
        async (c) => {
          const note = {
            ...c.var.body,
            id: crypto.randomUUID(),
            postId: c.req.param('id'),
            pfifId: null,
            hidden: false,
            createdAt: toMinute(deps.now()),
          };
          await db.insert(lostFoundNotes).values(await sealed.sealRow(lostFoundNotes, note));
          await publish({ event: 'new-missing-person-note', data: { id: note.id, postId: note.postId, status: note.status } });
          return c.json(toNote(note), 201);
        },
      )
      .post(
        '/:id/contact',
        ...revealRoute(deps, 'lost-found', (id) => readContact(deps, lostFoundPosts, lostFoundPosts.contact, and(listed(id), eq(lostFoundPosts.showContact, true)))),
      )
      .post('/:id/messages', ...messageRoute(deps, relayed))
      .delete('/:id/messages/:messageId', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        await db.delete(postMessages).where(and(eq(postMessages.postId, row.id), eq(postMessages.id, c.req.param('messageId'))));
        return c.body(null, 204);
      })

      .get('/:id/manage', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        const notes = (await notesOf(row.id)).map((note) => ({ ...toNote(note), contact: note.contact }));
        return c.json({ post: toOwnPost(row), responses: [], notes, expiresAt: expiresAt(row), facts: factsOf(row), messages: await messagesOf(row.id) } satisfies LostFoundManage);
      })
      // What the detainee locator asks for, kept for the owner only: sealed, and read back only above.
      .put('/:id/facts', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        const input = await readJson(c, privateFactsInput);
        if (!input.ok) return input.response;
        await db
          .update(lostFoundPosts)
          .set(await sealed.sealRow(lostFoundPosts, input.data))
          .where(eq(lostFoundPosts.id, row.id));
        return c.json(input.data satisfies PrivateFacts);
      })
      .post('/:id/renew', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        const renewedAt = toMinute(deps.now());
        await db.update(lostFoundPosts).set({ renewedAt }).where(eq(lostFoundPosts.id, row.id));
        return c.json({ expiresAt: expiresAt({ ...row, renewedAt }) });
      })
      .patch('/:id', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        const input = await readJson(c, lostFoundManageInput);
        if (!input.ok) return input.response;
        if (input.data.status !== 'found') return apiError(c, 400, 'invalid_input', 'status must be found', { status: 'status must be found' });
        const found = { status: 'found', foundAs: input.data.foundAs };
        await db
          .update(lostFoundPosts)
          .set(await sealed.sealRow(lostFoundPosts, found))
          .where(eq(lostFoundPosts.id, row.id));
        // The devices that follow the record hear of it once, after the answer.
        if (row.status !== 'found') deps.defer(pushPersonNews(db, deps.push, row.id));
        return c.json(toOwnPost({ ...row, ...found }));
      })
      .delete('/:id', async (c) => {
        const { row, response } = await owned(c);
        if (!row) return response;
        await deleteLostFound(deps, [row]);
        return c.body(null, 204);
      })
  );
}

/** The owner's facts of an opened row. */
const factsOf = (row: PrivateFacts): PrivateFacts => ({ birthCountry: row.birthCountry, birthDate: row.birthDate, aNumber: row.aNumber });

/**
 * GET /api/p/CODE[.LANG]: sends the browser on to the record's page in that language, or to the
 * board for a code cut short. A code is 40 bits of a random id: two listed records sharing it is
 * very unlikely, and then the newest wins. A code that names no listed record leads to the record
 * page, which says it was removed or expired.
 */
export function shortLinkRoutes(deps: RouteDeps) {
  return new Hono().get('/:code', async (c) => {
    const [hex = '', wanted] = c.req.param('code').split('.');
    const lang: Lang = isLang(wanted) ? wanted : 'en';
    // No code at all (a link cut short): the board.
    if (!/^[0-9a-f]{10}$/.test(hex)) return c.redirect(localizePath('/lost-found', lang), 302);
    const prefix = `${hex.slice(0, 8)}-${hex.slice(8)}`;
    const [row] = await deps.db
      .select({ id: lostFoundPosts.id })
      .from(lostFoundPosts)
      // Every id with the prefix, by the primary key: '~' sorts after every hex digit and dash.
      .where(and(gte(lostFoundPosts.id, prefix), lt(lostFoundPosts.id, `${prefix}~`), visibleRecord(deps.now())))
      .orderBy(desc(lostFoundPosts.createdAt))
      .limit(1);
    return c.redirect(personPath(row?.id ?? prefix, lang), 302);
  });
}
