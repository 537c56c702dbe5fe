/**
 * Writing to a post's poster through the site, so that a poster who keeps the contact hidden
 * (the default: `showContact` off) can still be reached, and no answer to the writer ever holds
 * the contact. A message to the family of a missing person (POST /api/lost-found/:id/messages) is
 * kept sealed for the owner's My posts; an answer to a help post is kept as it always was. Either
 * way the owner is told: a push to the browsers they chose, and a text to the post's own number
 * when its contact is one (opened on the server, for that one text, never answered to anyone).
 *
 * A message needs a proof of work every time (like a contact reveal), or, from a form without
 * scripts, the one-time token of the record's page the server wrote. The limits count networks
 * (RATE_LIMITS.message) and each post's messages from everyone together (messagePerPost): a storm
 * at one family stops there, with words saying so.
 */
import { and, eq } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { assistanceRequests, lostFoundPosts, ownerDevices, postMessages, surplusOffers } from '../../db/schema.ts';
import { normalizePhone, showContactInput } from '../../src/common/contract/fields.ts';
import { postMessageInput, type PostMessageInput } from '../../src/common/contract/lost-found.ts';
import { MAX_OWNER_DEVICES, RATE_LIMITS } from '../../src/common/contract/limits.ts';
import type { RevealBoard } from '../../src/common/contract/pow.ts';
import { pushReminderInput, pushUnsubscribeInput } from '../../src/common/contract/push.ts';
import { contactKindOf } from '../../src/common/format.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import type { RouteDeps } from '../deps.ts';
import { toMinute } from '../domain/time.ts';
import { FORM_POST_HEADER, formPostMark } from '../domain/pow.ts';
import { pastLimit, rateLimit, spend } from '../middleware/rate-limit/index.ts';
import { pushOwner } from '../outbound/push.ts';
import { deliverOutbox, queueText, textOrigin } from '../outbound/sms.ts';
import { keepSubscription, unreachable } from '../routes/push.ts';
import { apiError, jsonBody, readJson } from './answers.ts';
import { spendPageToken } from './reveal.ts';
import { ownedPost } from './manage.ts';

/** A post as the relay needs it: its contact opened (for a text), and the language it was posted in. */
export interface RelayedPost {
  id: string;
  contact: string | null;
  showContact: boolean;
  lang: string | null;
  /** Sample content: its numbers are made up, and are never texted. */
  isSample: boolean;
}

/** What someone wrote to a post's poster: a message to a family, or an answer to a help post. */
export interface Written {
  name: string;
  message: string;
  reach: string | null;
}

const postKey = (deps: RouteDeps, board: RevealBoard, id: string) => deps.keys.hash('message-post', board, id);

/**
 * Whether the post had its day's share of messages (or answers) from everyone together: asked
 * before the writer's own limit counts anything, so a refused write spends nothing.
 */
export const postFull = async (deps: RouteDeps, board: RevealBoard, id: string) => pastLimit(deps, 'messagePerPost', await postKey(deps, board, id));

/** Counts one message (or answer) to the post: false, and nothing counted, once it had its share (two at once). */
export const spendOnPost = async (deps: RouteDeps, board: RevealBoard, id: string) => spend(deps, 'messagePerPost', await postKey(deps, board, id));

const postLimit = (c: Context) => apiError(c, 429, 'post_limit', RATE_LIMITS.messagePerPost.message);

/**
 * Tells the poster someone wrote: a push to each browser they chose, and a text to the post's
 * number (its contact, when that is a US phone number) in the language they posted in, quoting
 * what was written with the scam warning. Run after the answer: the writer never waits on it.
 */
export async function tellOwner(deps: RouteDeps, board: RevealBoard, post: RelayedPost, written: Written, requestOrigin: string): Promise<void> {
  await pushOwner(deps.db, deps.push, board, post.id);
  const phone = !post.isSample && post.contact && contactKindOf(post.contact) === 'phone' ? normalizePhone(post.contact) : null;
  if (!phone) return;
  const lang: Lang = isLang(post.lang) ? post.lang : 'en';
  const link = `${textOrigin(deps, requestOrigin)}${localizePath('/manage', lang)}`;
  const text = [
    translate(lang, 'sms.relay', { name: written.name, message: written.message }),
    written.reach && translate(lang, 'sms.relayReach', { reach: written.reach }),
    translate(lang, 'sms.relayWarning'),
    translate(lang, 'sms.relayRead', { link }),
  ]
    .filter(Boolean)
    .join(' ');
  const now = deps.now();
  await queueText(deps, phone, text, now);
  await deliverOutbox(deps, deps.smsGateway, now);
}

/**
 * POST /:id/messages of the missing-person board: `postOf` finds the listed record (undefined
 * when it is gone or hidden). The body is checked first, then the record (gone: 404; its contact
 * shown instead: 409), then the form's token or the proof of work with this network's limit,
 * then the record's own limit (asked before anything counts, spent last); then the message is kept and the owner told, after the answer.
 */
export function messageRoute(
  deps: RouteDeps,
  postOf: (id: string) => Promise<RelayedPost | undefined>,
): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler, MiddlewareHandler, (c: Context) => Promise<Response>] {
  const body = jsonBody(postMessageInput);
  type Posted = Context<{ Variables: { body: PostMessageInput } }>;
  return [
    body,
    async (c, next) => {
      const post = await postOf(c.req.param('id')!);
      if (!post) return apiError(c, 404, 'not_found', 'This record is no longer listed; the message was not sent');
      if (post.showContact && post.contact) return apiError(c, 409, 'shows_contact', 'This family shows their contact instead: ask for it on the record');
      if (await postFull(deps, 'lost-found', post.id)) return postLimit(c);
      await next();
    },
    // A form without scripts can do no work: the page the server wrote gave it a token for one message.
    async (c, next) => {
      if (c.req.header(FORM_POST_HEADER) === formPostMark() && !(await spendPageToken(deps, 'message', 'lost-found', c.req.param('id')!, (c as Posted).var.body.token)))
        return apiError(c, 403, 'expired', 'This form has expired: open the record again to send the message');
      await next();
    },
    rateLimit(deps, 'message', { always: true }),
    async (c) => {
      const id = c.req.param('id')!;
      if (!(await spendOnPost(deps, 'lost-found', id))) return postLimit(c);
      const { name, message, reach } = (c as Posted).var.body;
      const row = { id: crypto.randomUUID(), postId: id, name, message, reach: reach ?? null, createdAt: toMinute(deps.now()) };
      await deps.db.insert(postMessages).values(await deps.sealed.sealRow(postMessages, row));
      const post = (await postOf(id))!;
      deps.defer(tellOwner(deps, 'lost-found', post, { name, message, reach: row.reach }, new URL(c.req.url).origin));
      c.header('cache-control', 'no-store');
      return c.json({ id: row.id }, 201);
    },
  ];
}

/**
 * PUT /:id/show-contact of a board, with the post's manage secret (`owned`): the owner shows the
 * contact after a check, or hides it again (`setShowContact` stores the choice).
 */
export function showContactRoute(
  owned: (c: Context) => Promise<{ row: { id: string }; response?: never } | { row?: never; response: Response }>,
  setShowContact: (id: string, showContact: boolean) => Promise<unknown>,
) {
  return new Hono().put('/:id/show-contact', async (c) => {
    const { row, response } = await owned(c);
    if (!row) return response;
    const input = await readJson(c, showContactInput);
    if (!input.ok) return input.response;
    await setShowContact(row.id, input.data.showContact);
    return c.json(input.data);
  });
}

/** Each board's table, for the owner's secret of a post named in the path. */
const TABLES = { 'lost-found': lostFoundPosts, 'assistance-requests': assistanceRequests, 'surplus-offers': surplusOffers } as const;

/**
 * /api/push/owners/:board/:id, with the post's manage secret: PUT asks that this browser be told
 * when someone writes through the post (at most MAX_OWNER_DEVICES a post), DELETE stops it (the
 * endpoint in a body: it is the device's, and stays out of addresses and logs).
 */
export function ownerDeviceRoutes(deps: RouteDeps) {
  const { db } = deps;
  const owned = async (c: Context) => {
    const board = c.req.param('board') as RevealBoard;
    const table = TABLES[board];
    const [post] = table
      ? await db
          .select({ id: table.id, manageHash: table.manageHash })
          .from(table)
          .where(eq(table.id, c.req.param('id')!))
      : [];
    return { board, ...(await ownedPost(c, post)) };
  };
  const devicesOf = (board: RevealBoard, id: string) => and(eq(ownerDevices.board, board), eq(ownerDevices.postId, id));
  return new Hono()
    .put('/:board/:id', async (c) => {
      const { board, row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, pushReminderInput);
      if (!input.ok) return input.response;
      const refused = await unreachable(deps, c, input.data);
      if (refused) return refused;
      const { endpoint } = input.data;
      const told = await db.select({ endpoint: ownerDevices.endpoint }).from(ownerDevices).where(devicesOf(board, row.id));
      if (!told.some((device) => device.endpoint === endpoint) && told.length >= MAX_OWNER_DEVICES)
        return apiError(c, 409, 'too_many_devices', `At most ${MAX_OWNER_DEVICES} browsers are told of one post's messages`);
      const at = toMinute(deps.now());
      await keepSubscription(db, input.data, at);
      await db.insert(ownerDevices).values({ board, postId: row.id, endpoint, createdAt: at }).onConflictDoNothing();
      return c.json({ told: true });
    })
    .delete('/:board/:id', async (c) => {
      const { board, row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, pushUnsubscribeInput);
      if (!input.ok) return input.response;
      await db.delete(ownerDevices).where(and(devicesOf(board, row.id), eq(ownerDevices.endpoint, input.data.endpoint)));
      return c.json({ told: false });
    });
}
