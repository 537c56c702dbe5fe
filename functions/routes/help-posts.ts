import { Hono, type Context } from 'hono';
import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import {
  assistanceRequestInput,
  assistanceResponseInput,
  manageInput,
  surplusOfferInput,
  type AssistanceResponse,
  type AssistanceResponseInput,
} from '../../src/common/contract/index.ts';
import { HELP_POST_DAYS, PAGE_SIZE, RATE_LIMITS, type CommunityMediaType } from '../../src/common/contract/limits.ts';
import { assistanceRequests, assistanceResponses, surplusOffers } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { toOffer, toOwnOffer, toOwnRequest, toRequest, withoutContacts } from '../domain/mappers.ts';
import { attachCommunityMedia } from '../domain/media.ts';
import { countyQuery } from '../domain/places.ts';
import { placed } from '../../src/common/contract/places.ts';
import { deleteHelpPosts } from '../domain/retention.ts';
import { DAY, newestFirst, toMinute } from '../domain/time.ts';
import { apiError, createdBefore, jsonBody, pageSize, readJson } from '../http/answers.ts';
import { newManageSecret, ownedPost } from '../http/manage.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';
import { readContact, revealRoute } from '../http/reveal.ts';
import { postFull, spendOnPost, tellOwner, type RelayedPost } from '../http/relay.ts';
import type { RevealBoard } from '../../src/common/contract/pow.ts';
import { contactKindOf } from '../../src/common/format.ts';

/** The two help boards differ only in these. */
const BOARDS = {
  requests: {
    table: assistanceRequests,
    input: assistanceRequestInput,
    open: 'active',
    done: 'fulfilled',
    mediaType: 'assistance-requests',
    event: 'new-assistance-request',
    toPost: toRequest,
    toOwnPost: toOwnRequest,
  },
  offers: {
    table: surplusOffers,
    input: surplusOfferInput,
    open: 'available',
    done: 'taken',
    mediaType: 'surplus-offers',
    event: 'new-surplus-offer',
    toPost: toOffer,
    toOwnPost: toOwnOffer,
  },
} as const;

/**
 * GET/POST /api/assistance-requests and /api/surplus-offers: only open posts (active requests,
 * available offers) that have not expired are listed, newest first, with `county=` one county's.
 * A post answers its private manage secret once; with it (`Authorization: Bearer`) the poster
 * reads the answers (GET /:id/manage), marks the post done (PATCH /:id) or deletes it with its
 * media (DELETE /:id). The contact method leaves only one at a time, on request (POST /:id/contact,
 * functions/http/reveal.ts).
 */
export function helpPostRoutes(deps: RouteDeps, which: keyof typeof BOARDS) {
  const { db, sealed } = deps;
  // One board's table and converters; the casts keep drizzle's per-table types out of the way.
  const board = BOARDS[which] as unknown as Omit<(typeof BOARDS)['requests'], 'open' | 'done' | 'mediaType' | 'event'> & {
    open: string;
    done: string;
    mediaType: CommunityMediaType;
    event: 'new-assistance-request' | 'new-surplus-offer';
  };
  const { table } = board;
  const revealBoard: RevealBoard = which === 'requests' ? 'assistance-requests' : 'surplus-offers';
  const answered = which === 'requests' ? assistanceResponses.requestId : assistanceResponses.offerId;
  const listed = () => and(eq(table.status, board.open), eq(table.hidden, false), gt(table.expiresAt, new Date(deps.now()).toISOString()));

  const stored = (where: SQL | undefined, limit: number = PAGE_SIZE.max) =>
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...newestFirst(table))
      .limit(limit);
  /** Every public read of whole posts goes through here: their contacts stay sealed, as only their kind is answered. */
  const posts = async (where: SQL | undefined, limit?: number) => sealed.openRows(table, withoutContacts(await stored(where, limit), 'contactMethod'));
  /** The poster's own post, its contact opened. */
  const owned = async (c: Context) => ownedPost(c, (await sealed.openRows(table, await stored(eq(table.id, c.req.param('id')!), 1)))[0]);

  return new Hono()
    .get('/', countyQuery, async (c) => {
      const before = createdBefore(c, table);
      if (!before.ok) return before.response;
      const { county } = c.var;
      const rows = await posts(and(listed(), county.on(table.county), before.where), pageSize(c, PAGE_SIZE));
      return c.json(rows.map(board.toPost));
    })
    .get('/:id', async (c) => {
      const [row] = await posts(and(eq(table.id, c.req.param('id')), listed()));
      return row ? c.json(board.toPost(row)) : apiError(c, 404, 'not_found', 'This post is no longer listed');
    })
    .post('/', jsonBody(board.input), rateLimit(deps, 'helpPost'), async (c) => {
      const input = c.var.body;
      const { imageUrls, videoUrl } = input;
      const attached = await attachCommunityMedia(db, board.mediaType, imageUrls, videoUrl);
      if (attached) return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', attached);
      const { secret, hash } = await newManageSecret();
      const now = deps.now();
      const row = {
        ...input,
        ...placed(input.city),
        contactKind: contactKindOf(input.contactMethod),
        id: crypto.randomUUID(),
        status: board.open,
        relayTo: null,
        manageHash: hash,
        isSample: false,
        createdAt: toMinute(now),
        expiresAt: toMinute(now + HELP_POST_DAYS * DAY),
      };
      await db.insert(table).values((await sealed.sealRow(table, row)) as never);
      await deps.publish({ event: board.event, data: { id: row.id, title: row.title, city: row.city } });
      return c.json({ ...board.toOwnPost(row as never), manageToken: secret }, 201);
    })
    .post('/:id/contact', ...revealRoute(deps, revealBoard, (id) => readContact(deps, table, table.contactMethod, and(eq(table.id, id), listed(), eq(table.showContact, true)))))
    .get('/:id/manage', async (c) => {
      const { row, response } = await owned(c);
      if (!row) return response;
      const answers = await sealed.openRows(
        assistanceResponses,
        await db.select().from(assistanceResponses).where(eq(answered, row.id)).orderBy(desc(assistanceResponses.createdAt)),
      );
      const responses: AssistanceResponse[] = answers.map(({ requestId: _request, offerId: _offer, ...answer }) => answer as AssistanceResponse);
      return c.json({ post: board.toOwnPost(row as never), responses });
    })
    .patch('/:id', async (c) => {
      const { row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, manageInput);
      if (!input.ok) return input.response;
      if (input.data.status !== board.done) return apiError(c, 400, 'invalid_input', `status must be ${board.done}`, { status: `status must be ${board.done}` });
      await db.update(table).set({ status: board.done }).where(eq(table.id, row.id));
      return c.json(board.toOwnPost({ ...row, status: board.done } as never));
    })
    .delete('/:id', async (c) => {
      const { row, response } = await owned(c);
      if (!row) return response;
      await deleteHelpPosts(deps, [row]);
      return c.body(null, 204);
    });
}

/** POST /api/assistance-responses: an answer to a listed request (offer_help) or offer (claim_item). */
export function responseRoutes(deps: RouteDeps) {
  const { db } = deps;
  type Answered = Context<{ Variables: { body: AssistanceResponseInput & { requestId?: string; offerId?: string } } }>;
  /** The listed post an answer is for, opened, or undefined. */
  const target = async (c: Answered) => {
    const { requestId, offerId } = c.var.body;
    const board = requestId ? BOARDS.requests : BOARDS.offers;
    const table = board.table as typeof assistanceRequests;
    const [row] = await db
      .select({ id: table.id, contact: table.contactMethod, showContact: table.showContact, lang: table.lang, isSample: table.isSample, relayTo: table.relayTo })
      .from(table)
      .where(and(eq(table.id, (requestId ?? offerId)!), eq(table.status, board.open), eq(table.hidden, false), gt(table.expiresAt, new Date(deps.now()).toISOString())));
    const revealBoard: RevealBoard = requestId ? 'assistance-requests' : 'surplus-offers';
    const post: RelayedPost | undefined = row && { ...row, contact: await deps.sealed.openValue(table.contactMethod, row.contact) };
    return { board: revealBoard, post };
  };
  return new Hono().post(
    '/',
    jsonBody(assistanceResponseInput),
    // A post gone, or past its day's share of answers, is refused before the answer counts against any limit.
    async (c, next) => {
      const { board, post } = await target(c as Answered);
      if (!post) return apiError(c, 404, 'not_found', 'This post is no longer listed; it may already be fulfilled or taken');
      if (await postFull(deps, board, post.id)) return apiError(c, 429, 'post_limit', RATE_LIMITS.messagePerPost.message);
      await next();
    },
    rateLimit(deps, 'helpResponse'),
    async (c) => {
      const { requestId, offerId, ...answer } = c.var.body;
      const { board, post } = await target(c);
      if (!post) return apiError(c, 404, 'not_found', 'This post is no longer listed; it may already be fulfilled or taken');
      if (!(await spendOnPost(deps, board, post.id))) return apiError(c, 429, 'post_limit', RATE_LIMITS.messagePerPost.message);
      const row = { ...answer, id: crypto.randomUUID(), requestId: requestId ?? null, offerId: offerId ?? null, createdAt: toMinute(deps.now()) };
      await db.insert(assistanceResponses).values(await deps.sealed.sealRow(assistanceResponses, row));
      // The poster hears of it; the answer names no contact of theirs.
      deps.defer(tellOwner(deps, board, post, { name: answer.responderName, message: answer.message, reach: answer.responderContact }));
      return c.json({ id: row.id }, 201);
    },
  );
}
