import { Hono } from 'hono';
import { and, asc, desc, eq } from 'drizzle-orm';
import { drops, resources, smsInboundSeen, smsSenders } from '../../db/schema.ts';
import { alertInput } from '../../src/common/contract/alerts.ts';
import { normalizePhone } from '../../src/common/contract/fields.ts';
import { ENFORCEMENT_TYPE, LIMITS, MAX_JSON_BYTES } from '../../src/common/contract/limits.ts';
import { placeOf, type Place } from '../../src/common/contract/places.ts';
import { fitsSms, SMS_KEYWORDS, type SmsCommand } from '../../src/common/contract/sms.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, LANGUAGE_NAMES, LANGUAGES, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../src/common/i18n/messages.ts';
import { isolate, personPath, shortPersonPath } from '../../src/common/format.ts';
import type { RouteDeps } from '../deps.ts';
import { search, searchTerms } from '../domain/person-search.ts';
import { MINUTE, toMinute } from '../domain/time.ts';
import { endTextSubscriptions, subscribeToTexts } from '../domain/text-alerts.ts';
import { escapeXml } from '../domain/xml.ts';
import { apiError, readCapped } from '../http/answers.ts';
import { spend } from '../middleware/rate-limit/index.ts';
import { postAlert } from '../domain/alerts.ts';
import { upcomingDrops } from '../domain/drops.ts';

const encoder = new TextEncoder();

/**
 * Whether `signature` (X-Twilio-Signature) is Twilio's for this request: HMAC-SHA1, keyed with
 * the auth token, of the full URL followed by every POST parameter's name and value, sorted by
 * name, in base64. WebCrypto's verify compares in constant time, on Node and Workers alike.
 */
export async function validTwilioSignature(secret: string, signature: string, url: string, params: URLSearchParams): Promise<boolean> {
  let mac: Uint8Array;
  try {
    mac = Uint8Array.from(atob(signature), (char) => char.charCodeAt(0));
  } catch {
    return false;
  }
  const sorted = [...params].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const signed = url + sorted.map(([name, value]) => name + value).join('');
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, mac as BufferSource, encoder.encode(signed));
}

// Fold case, width and Latin accents, so "ayúda", "Ayuda" and "ＡＹＵＤＡ" are one word; the marks of
// other scripts are letters there and stay.
const fold = (text: string) =>
  text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .toLowerCase();

/** Every keyword, longest first, so a longer word is never taken for a shorter one it starts with. */
const KEYWORDS = LANGUAGES.flatMap((lang) =>
  Object.entries(SMS_KEYWORDS[lang]).flatMap(([command, words]) => words.map((word) => ({ lang, command: command as SmsCommand, word: fold(word) }))),
).sort((a, b) => b.word.length - a.word.length);

/**
 * The command a text starts with, the languages whose keyword it is, and what follows it (as
 * typed); null for anything else. A word must end where the keyword does, except after a Chinese
 * character (Chinese writes no space: "寻人张伟").
 */
export function parseText(text: string): { command: SmsCommand; langs: Lang[]; rest: string } | null {
  const body = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  const chars = [...body];
  const folded: string[] = [];
  // Keywords are short: only the start of a long text is folded.
  for (const char of chars.slice(0, 32)) folded.push((folded.at(-1) ?? '') + fold(char));
  for (const { command, word } of KEYWORDS) {
    const end = folded.indexOf(word);
    if (end < 0) continue;
    const next = chars[end + 1] ?? '';
    if (next && /[\p{L}\p{N}\p{M}]/u.test(next) && !/\p{Script=Han}$/u.test(word)) continue;
    const langs = KEYWORDS.filter((keyword) => keyword.word === word && keyword.command === command).map((keyword) => keyword.lang);
    return {
      command,
      langs,
      rest: chars
        .slice(end + 1)
        .join('')
        .trim(),
    };
  }
  return null;
}

const ELLIPSIS = '...';
/** At most `max` characters of a person's text. */
const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - ELLIPSIS.length).join('') + ELLIPSIS;
};
const CLIPS = [40, 24, 12, 6];
/** A reply with people's texts clipped as far as it takes to fit SMS_MAX_SEGMENTS, from 40 characters each down to 6. */
const fitted = (render: (max: number) => string) => CLIPS.map(render).find(fitsSms) ?? render(CLIPS.at(-1)!);
/** A head, then each line while the whole still fits, and how many lines that is. */
function withLines(head: string, lines: string[]): { reply: string; shown: number } {
  let reply = head;
  let shown = 0;
  for (const line of lines) {
    const longer = reply ? `${reply}\n${line}` : line;
    if (!fitsSms(longer)) break;
    reply = longer;
    shown++;
  }
  return { reply, shown };
}
/**
 * A list under its head: as many items as fit, their texts clipped to 40, 24 or 12 characters,
 * with the head when there is room for it (two segments of Tamil are 134 characters, of English
 * 306), or the head alone when not even one item fits.
 */
function listed(head: (max: number) => string, lines: (max: number) => string[]): string {
  const tries = [40, 24, 12].flatMap((max) => [withLines(head(max), lines(max)), withLines('', lines(max))]);
  const best = tries.reduce((most, attempt) => (attempt.shown > most.shown ? attempt : most));
  return best.shown > 0 ? best.reply : head(CLIPS.at(-1)!);
}

/** TwiML with each reply a text of its own (none: no answer). */
const twiml = (replies: string | string[] | null) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?><Response>${[replies ?? []]
      .flat()
      .map((reply) => `<Message>${escapeXml(reply)}</Message>`)
      .join('')}</Response>`,
    {
      headers: { 'content-type': 'text/xml; charset=utf-8' },
    },
  );

/** Where a text names its place: the longest run of up to 4 first words that is a California ZIP or city, and the words after it. */
function leadingPlace(text: string): { place: Place; after: string } | null {
  const words = text.split(' ').filter(Boolean);
  for (let count = Math.min(4, words.length); count > 0; count--) {
    const place = placeOf(words.slice(0, count).join(' '));
    if (place) return { place, after: words.slice(count).join(' ') };
  }
  return null;
}

/**
 * POST /api/sms/inbound: an SMS provider's webhook for texts to the service's number (Twilio's
 * form: `From`, `Body`, signed with X-Twilio-Signature). The reply is TwiML, in the language of
 * the keyword or the one the number chose with LANG, and fits in SMS_MAX_SEGMENTS. The number is
 * never logged, and kept only where a subscription needs it; its language choice and rate limits
 * know it by keyed hashes. Without SMS_INBOUND_SECRET the route answers 404: no request could be
 * told from a forgery, and the service's number is simply not set up here.
 */
export function smsInboundRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono().post('/', async (c) => {
    const inbound = deps.smsInbound;
    if (!inbound) return apiError(c, 404, 'not_found', 'Texts to this service are not set up on this server');
    const bytes = await readCapped(c.req.raw, MAX_JSON_BYTES);
    if (!bytes) return apiError(c, 413, 'too_large', 'The request is too large');
    const params = new URLSearchParams(new TextDecoder().decode(bytes));
    const signature = c.req.header('x-twilio-signature');
    if (!signature || !(await validTwilioSignature(inbound.secret, signature, inbound.url ?? c.req.url, params))) {
      return apiError(c, 403, 'forbidden', 'The request is not signed by the SMS provider');
    }
    // Twilio's signature has no time in it: a text posted again (a replay) is known by its MessageSid,
    // remembered for a day, and answered without acting.
    const sid = params.get('MessageSid') ?? params.get('SmsMessageSid');
    if (sid && !(await firstTime(sid))) return twiml(null);
    const phone = normalizePhone(params.get('From') ?? '');
    if (!phone) return twiml(null);
    return twiml(await answer(phone, params.get('Body') ?? '', new URL(inbound.url ?? c.req.url).origin));
  });

  /** Whether this MessageSid is new: one statement records it, so two copies posted at once are taken once. */
  async function firstTime(sid: string) {
    const row = { sidHash: await deps.keys.hash('sms-sid', sid), at: Math.floor(deps.now() / MINUTE) * MINUTE };
    return (await db.insert(smsInboundSeen).values(row).onConflictDoNothing().returning()).length > 0;
  }

  async function answer(phone: string, text: string, origin: string): Promise<string | string[] | null> {
    const now = deps.now();
    const parsed = parseText(text);
    const command = parsed?.command;
    const client = await deps.keys.dailyHash(now, 'sms', phone);
    // STOP always works (the carriers' rule); a flood of anything else gets no answer, so it costs nothing.
    if (command !== 'stop' && !(await spend(deps, 'smsInbound', client))) return null;
    const numberHash = await deps.keys.hash('sms', phone);
    const [sender] = await db.select().from(smsSenders).where(eq(smsSenders.numberHash, numberHash));
    const chosen = isLang(sender?.lang) ? sender.lang : null;
    // English words work for everyone: they answer in the language chosen, as a word several languages share does.
    const lang: Lang = !parsed ? (chosen ?? 'en') : chosen && (parsed.langs.includes(chosen) || parsed.langs.includes('en')) ? chosen : parsed.langs[0]!;
    const rest = parsed?.rest ?? '';
    const say = (key: MessageKey, vars?: Vars) => translate(lang, key, vars);
    // Right to left, a name or place in Latin letters keeps its own direction (a text has no <bdi>).
    const theirs = (text: string) => (lang === 'ar' ? isolate(text) : text);
    const word = (which: SmsCommand) => SMS_KEYWORDS[lang][which][0]!;
    const placeNeeded = (which: SmsCommand, example: string) => say('sms.reply.place', { example: `${word(which)} ${example}` });

    switch (command) {
      case 'stop':
        await endTextSubscriptions(deps, phone);
        await db.delete(smsSenders).where(eq(smsSenders.numberHash, numberHash));
        return say('sms.reply.stopped', { start: word('start') });
      case 'start':
        return say('sms.reply.started', { alerts: word('alerts') });
      case 'help': {
        // The carriers' rules want HELP to say how to reach the service: its name and address, or
        // the address alone where both do not fit in 2 segments (the name alone for a long address).
        const help = (site: string) => say('sms.reply.help', { site, stop: word('stop') });
        const address = theirs(new URL(origin).host);
        // A second text, the way to /detained: a family texting for help may be looking for someone held.
        const detained = say('sms.reply.detained', { link: theirs(`${origin}${localizePath('/detained', lang)}`) });
        return [[help(`${say('site.name')} (${address})`), help(address)].find(fitsSms) ?? help(say('site.name')), ...(fitsSms(detained) ? [detained] : [])];
      }
      case 'lang': {
        const wanted = LANGUAGES.find((code) => fold(rest) === code || fold(rest) === fold(LANGUAGE_NAMES[code]));
        if (!wanted) return say('sms.reply.langCodes', { lang: word('lang'), codes: LANGUAGES.join(' ') });
        const row = { numberHash, lang: wanted, updatedAt: toMinute(now) };
        await db
          .insert(smsSenders)
          .values(row)
          .onConflictDoUpdate({ target: smsSenders.numberHash, set: { lang: wanted, updatedAt: row.updatedAt } });
        return translate(wanted, 'sms.reply.langSet', { language: LANGUAGE_NAMES[wanted] });
      }
      case 'alerts': {
        const place = placeOf(rest);
        if (!place) return placeNeeded('alerts', '93701');
        if (!(await spend(deps, 'subscription', client))) return say('sms.reply.limited');
        await subscribeToTexts(deps, { phone, city: place.name, lang }, now);
        return say('sms.reply.subscribed', { county: theirs(place.county), stop: word('stop') });
      }
      case 'find': {
        const query = clip(rest, LIMITS.query);
        if (searchTerms(query).length === 0) return say('sms.reply.usage', { example: `${word('find')} Maria Lopez` });
        const found = await search(db, query, now, { before: undefined, county: null }, 3);
        if (found.length === 0) return fitted((max) => say('sms.reply.noRecords', { query: theirs(clip(query, max)) }));
        return listed(
          (max) => say('sms.reply.records', { query: theirs(clip(query, max)) }),
          (max) =>
            found.map(({ post }) =>
              [
                clip(post.name, max),
                post.lastSeenCity && clip(post.lastSeenCity, max),
                (post.lastSeenDate ?? post.createdAt).slice(0, 10),
                `${origin}${shortPersonPath(post.id, lang) ?? personPath(post.id, lang)}`,
              ]
                .filter(Boolean)
                .join(', '),
            ),
        );
      }
      case 'food': {
        const place = placeOf(rest);
        if (!place) return placeNeeded('food', '93701');
        const [drop] = await upcomingDrops(deps, 1, eq(drops.county, place.county));
        const food = await db
          .select()
          .from(resources)
          .where(and(eq(resources.status, 'published'), eq(resources.category, 'Food'), eq(resources.county, place.county)))
          .orderBy(desc(resources.verified), asc(resources.name))
          .limit(3);
        if (!drop && food.length === 0) return say('sms.reply.noFood', { county: theirs(place.county) });
        return listed(
          () => say('sms.reply.food', { county: theirs(place.county) }),
          (max) => [
            ...(drop ? [say('sms.reply.nextDrop', { when: [drop.date, drop.time].filter(Boolean).join(' '), where: theirs(clip(`${drop.meetSpot}, ${drop.city}`, max)) })] : []),
            ...food.map((resource) => [clip(resource.name, max), clip(resource.address ?? resource.city ?? '', max), resource.phone].filter(Boolean).join(', ')),
          ],
        );
      }
      case 'report': {
        const placed = leadingPlace(rest);
        if (!placed) return placeNeeded('report', '93701 ...');
        if (!placed.after) return say('sms.reply.usage', { example: `${word('report')} ${placed.place.name} ...` });
        const report = alertInput.safeParse({ type: ENFORCEMENT_TYPE, activity: 'Other', city: placed.place.name, details: placed.after });
        if (!report.success) return say('sms.reply.reportTooLong', { max: LIMITS.description });
        if (!(await spend(deps, 'enforcementReport', client))) return say('sms.reply.limited');
        const posted = await postAlert(deps, report.data, origin, undefined, { phone, lang });
        if (!('row' in posted)) return say('sms.reply.duplicate');
        return say('sms.reply.reported', { place: theirs(placed.place.name) });
      }
      default:
        return say('sms.reply.menu', {
          alerts: word('alerts'),
          find: word('find'),
          food: word('food'),
          warn: word('report'),
          lang: word('lang'),
          stop: word('stop'),
        });
    }
  }
}
