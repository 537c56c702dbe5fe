/**
 * Writing to a post's poster through the site, so that a poster who keeps the contact hidden
 * (the default: `showContact` off) can still be reached, and no answer to the writer ever holds
 * the contact. A message to the family of a missing person (POST /api/lost-found/:id/messages) is
 * kept sealed for the owner's My posts; an answer to a help post is kept as it always was. Either
 * way the owner is told: a push to the browsers they chose, and a text to the post's own number
 * once its owner confirmed it with a code (opened on the server, for that one text, never
 * answered to anyone).
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
import { ownerCodeInput } from '../../src/common/contract/alerts.ts';
import { pushReminderInput, pushUnsubscribeInput } from '../../src/common/contract/push.ts';
import { contactKindOf } from '../../src/common/format.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import type { RouteDeps } from '../deps.ts';
import { toMinute } from '../domain/time.ts';
import { FORM_POST_HEADER, formPostMark } from '../domain/pow.ts';
import { pastLimit, rateLimit, spend } from '../middleware/rate-limit/index.ts';
import { pushOwner } from '../outbound/push.ts';
import { deliverOutbox, queueText, siteOrigin } from '../outbound/sms.ts';
import { keepSubscription, unreachable } from '../routes/push.ts';
import { apiError, jsonBody, readJson } from './answers.ts';
import { spendPageToken } from './reveal.ts';
import { useTextCode } from '../domain/text-alerts.ts';
import { codeSent, wrongCode } from './text-codes.ts';
import { ownedPost } from './manage.ts';

/** A post as the relay needs it: its contact opened (for a text), and the language it was posted in. */
export interface RelayedPost {
  id: string;
  contact: string | null;
  showContact: boolean;
  lang: string | null;
  /** Sample content: its numbers are made up, and are never texted. */
  isSample: boolean;
  /** The keyed hash of the number the poster confirmed with a code (db/schema.ts), or null: no texts. */
  relayTo: string | null;
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

const gone = (c: Context) => apiError(c, 404, 'not_found', 'This record is no longer listed; the message was not sent');
const postLimit = (c: Context) => apiError(c, 429, 'post_limit', RATE_LIMITS.messagePerPost.message);

/**
 * Tells the poster someone wrote: a push to each browser they chose, and a text to the post's
 * number (its contact, a US phone number its owner confirmed with a code) in the language they
 * posted in, quoting what was written with the scam warning. Run after the answer: the writer
 * never waits on it.
 */
export async function tellOwner(deps: RouteDeps, board: RevealBoard, post: RelayedPost, written: Written): Promise<void> {
  await pushOwner(deps.db, deps.push, board, post.id);
  const phone = post.relayTo && !post.isSample && post.contact && contactKindOf(post.contact) === 'phone' ? normalizePhone(post.contact) : null;
  // Only the number its owner confirmed (and has not stopped with STOP); however many posts name
  // it, a number gets RATE_LIMITS.relayText of these a day.
  if (!phone || post.relayTo !== (await deps.sealed.lookupHash(phone))) return;
  if (!(await spend(deps, 'relayText', await deps.keys.dailyHash(deps.now(), 'relay-to', phone)))) return;
  const lang: Lang = isLang(post.lang) ? post.lang : 'en';
  // Only the configured address: the sender of a message chooses when it is texted, and must not choose where it leads.
  const origin = siteOrigin(deps);
  const text = [
    translate(lang, 'sms.relay', { name: written.name, message: written.message }),
    written.reach && translate(lang, 'sms.relayReach', { reach: written.reach }),
    translate(lang, 'sms.relayWarning'),
    origin && translate(lang, 'sms.relayRead', { link: `${origin}${localizePath('/manage', lang)}` }),
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
 * then the record's own limit (asked before anything counts, spent last); then the message is kept
 * and the owner told, after the answer.
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
      if (!post) return gone(c);
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
      // The record may have gone while this was on its way (its trigger ran before the insert): then nothing of it stays.
      const post = await postOf(id);
      if (!post) {
        await deps.db.delete(postMessages).where(eq(postMessages.id, row.id));
        return gone(c);
      }
      deps.defer(tellOwner(deps, 'lost-found', post, { name, message, reach: row.reach }));
      c.header('cache-control', 'no-store');
      return c.json({ id: row.id }, 201);
    },
  ];
}

/** Each board's table and its contact column, for what a post's owner does here. */
const BOARDS = {
  'lost-found': { table: lostFoundPosts, contact: lostFoundPosts.contact },
  'assistance-requests': { table: assistanceRequests, contact: assistanceRequests.contactMethod },
  'surplus-offers': { table: surplusOffers, contact: surplusOffers.contactMethod },
} as const;

/**
 * /api/owners/:board/:id, what only a post's owner does with the relay, each with the post's
 * manage secret (checked before the body is read):
 * - PUT /show-contact shows the contact after a check, or hides it again;
 * - PUT /push asks that this browser be told when someone writes (at most MAX_OWNER_DEVICES a
 *   post), DELETE /push stops it (the endpoint in a body: it is the device's, and stays out of
 *   addresses and logs);
 * - POST /texts texts a code to the post's own number, POST /texts/confirm with it starts the
 *   texts of what people write, DELETE /texts stops them. A number is texted what strangers write
 *   only once its owner entered the code: a post cannot turn the site into a sender of texts to
 *   someone else's phone.
 */
export function ownerRoutes(deps: RouteDeps) {
  const { db } = deps;
  const owned = async (c: Context) => {
    const board = c.req.param('board') as RevealBoard;
    const known = Object.hasOwn(BOARDS, board) ? BOARDS[board] : undefined;
    const [post] = known
      ? await db
          .select({ id: known.table.id, manageHash: known.table.manageHash, contact: known.contact, lang: known.table.lang })
          .from(known.table)
          .where(eq(known.table.id, c.req.param('id')!))
      : [];
    return { board, table: known?.table, ...(await ownedPost(c, post)) };
  };
  /** The post's own number (its contact opened), when that is a US phone number. */
  const phoneOf = async (board: RevealBoard, contact: string | null) => {
    const opened = contact && (await deps.sealed.openValue(BOARDS[board].contact, contact));
    return opened && contactKindOf(opened) === 'phone' ? normalizePhone(opened) : null;
  };
  const devicesOf = (board: RevealBoard, id: string) => and(eq(ownerDevices.board, board), eq(ownerDevices.postId, id));
  const set = (table: (typeof BOARDS)[RevealBoard]['table'], id: string, values: { showContact?: boolean; relayTo?: string | null }) =>
    db
      .update(table as typeof lostFoundPosts)
      .set(values)
      .where(eq((table as typeof lostFoundPosts).id, id));
  return new Hono()
    .put('/:board/:id/show-contact', async (c) => {
      const { table, row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, showContactInput);
      if (!input.ok) return input.response;
      await set(table!, row.id, input.data);
      return c.json(input.data);
    })
    .put('/:board/:id/push', async (c) => {
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
    .delete('/:board/:id/push', async (c) => {
      const { board, row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, pushUnsubscribeInput);
      if (!input.ok) return input.response;
      await db.delete(ownerDevices).where(and(devicesOf(board, row.id), eq(ownerDevices.endpoint, input.data.endpoint)));
      return c.json({ told: false });
    })
    .post('/:board/:id/texts', async (c) => {
      const { board, row, response } = await owned(c);
      if (!row) return response;
      const phone = await phoneOf(board, row.contact);
      if (!phone) return apiError(c, 409, 'no_phone', "This post's contact is not a US phone number");
      return codeSent(deps, c, { phone, purpose: 'relay', city: null, lang: isLang(row.lang) ? row.lang : 'en' });
    })
    .post('/:board/:id/texts/confirm', rateLimit(deps, 'textCodeTry'), async (c) => {
      const { board, table, row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, ownerCodeInput);
      if (!input.ok) return input.response;
      const phone = await phoneOf(board, row.contact);
      if (!phone || !(await useTextCode(deps, { phone, code: input.data.code }, 'relay', deps.now()))) return wrongCode(c);
      await set(table!, row.id, { relayTo: await deps.sealed.lookupHash(phone) });
      return c.json({ relayTexts: true });
    })
    .delete('/:board/:id/texts', async (c) => {
      const { table, row, response } = await owned(c);
      if (!row) return response;
      await set(table!, row.id, { relayTo: null });
      return c.json({ relayTexts: false });
    });
}
