import { Hono } from 'hono';
import { and, desc, eq, gt, gte } from 'drizzle-orm';
import type { DonationLinks, PulseItem } from '../../src/common/contract/index.ts';
import { URGENT_ALERT_TYPES, type AlertType, type Urgency } from '../../src/common/contract/limits.ts';
import { alerts, assistanceRequests, drops, jobs, lostFoundPosts, resources, surplusOffers } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { countyQuery } from '../domain/places.ts';
import { californiaToday } from '../domain/time.ts';
import { pageSize } from '../http/answers.ts';

/** The feed is a glance at what is new, not an archive. */
export const PULSE_SIZE = { default: 30, max: 30 } as const;
/** Alert details are free text of up to 2000 characters; the feed shows their start. */
export const PULSE_TEXT_MAX = 140;

const URGENT_REQUESTS: readonly Urgency[] = ['High', 'Critical'];

/** At most PULSE_TEXT_MAX characters (whole code points, so no emoji is cut in half). */
const cut = (text: string) => {
  const chars = Array.from(text.trim());
  return chars.length > PULSE_TEXT_MAX
    ? `${chars
        .slice(0, PULSE_TEXT_MAX - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
};

/**
 * GET /api/pulse: the newest public posts of every board in one list, newest first. Only what
 * the boards themselves list (missing people still missing, unexpired alerts, active requests,
 * available offers, approved jobs, published resources, upcoming drops) and only the columns
 * the feed shows: no contact detail ever leaves through here. `county=` keeps one county's posts.
 */
export function pulseRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono().get('/', countyQuery, async (c) => {
    const limit = pageSize(c, PULSE_SIZE);
    const { county } = c.var;
    const now = new Date(deps.now()).toISOString();
    // One round trip for all seven boards, each asked for no more than the whole feed can show.
    const [missing, alertRows, requests, offers, jobRows, resourceRows, dropRows] = await db.batch([
      db
        .select({
          id: lostFoundPosts.id,
          text: lostFoundPosts.name,
          city: lostFoundPosts.lastSeenCity,
          county: lostFoundPosts.county,
          createdAt: lostFoundPosts.createdAt,
          sample: lostFoundPosts.isSample,
        })
        .from(lostFoundPosts)
        .where(and(eq(lostFoundPosts.status, 'missing'), eq(lostFoundPosts.hidden, false), county.on(lostFoundPosts.county)))
        .orderBy(desc(lostFoundPosts.createdAt))
        .limit(limit),
      db
        .select({ id: alerts.id, text: alerts.details, type: alerts.type, city: alerts.city, county: alerts.county, createdAt: alerts.createdAt, sample: alerts.isSample })
        .from(alerts)
        .where(and(gt(alerts.expiresAt, now), eq(alerts.hidden, false), county.on(alerts.county)))
        .orderBy(desc(alerts.createdAt))
        .limit(limit),
      db
        .select({
          id: assistanceRequests.id,
          text: assistanceRequests.title,
          urgency: assistanceRequests.urgency,
          city: assistanceRequests.city,
          county: assistanceRequests.county,
          createdAt: assistanceRequests.createdAt,
          sample: assistanceRequests.isSample,
        })
        .from(assistanceRequests)
        .where(and(eq(assistanceRequests.status, 'active'), eq(assistanceRequests.hidden, false), gt(assistanceRequests.expiresAt, now), county.on(assistanceRequests.county)))
        .orderBy(desc(assistanceRequests.createdAt))
        .limit(limit),
      db
        .select({
          id: surplusOffers.id,
          text: surplusOffers.title,
          city: surplusOffers.city,
          county: surplusOffers.county,
          createdAt: surplusOffers.createdAt,
          sample: surplusOffers.isSample,
        })
        .from(surplusOffers)
        .where(and(eq(surplusOffers.status, 'available'), eq(surplusOffers.hidden, false), gt(surplusOffers.expiresAt, now), county.on(surplusOffers.county)))
        .orderBy(desc(surplusOffers.createdAt))
        .limit(limit),
      db
        .select({ id: jobs.id, text: jobs.title, city: jobs.city, county: jobs.county, createdAt: jobs.createdAt, sample: jobs.isSample })
        .from(jobs)
        .where(and(eq(jobs.status, 'approved'), county.on(jobs.county)))
        .orderBy(desc(jobs.createdAt))
        .limit(limit),
      db
        .select({ id: resources.id, text: resources.name, city: resources.city, county: resources.county, createdAt: resources.createdAt, sample: resources.isSample })
        .from(resources)
        .where(and(eq(resources.status, 'published'), county.on(resources.county)))
        .orderBy(desc(resources.createdAt))
        .limit(limit),
      db
        .select({ id: drops.id, title: drops.title, meetSpot: drops.meetSpot, city: drops.city, county: drops.county, createdAt: drops.createdAt, sample: drops.isSample })
        .from(drops)
        .where(and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now())), county.on(drops.county)))
        .orderBy(desc(drops.createdAt))
        .limit(limit),
    ]);

    const item = (
      kind: PulseItem['kind'],
      row: { id: string; city: string | null; county: string | null; createdAt: string; sample: boolean },
      text: string,
      urgent = false,
    ): PulseItem => ({
      id: row.id,
      kind,
      text: cut(text),
      city: row.city,
      county: row.county,
      urgent,
      createdAt: row.createdAt,
      sample: row.sample,
    });
    const feed = [
      ...missing.map((row) => item('missing', row, row.text)),
      ...alertRows.map((row) => item('alert', row, row.text, URGENT_ALERT_TYPES.includes(row.type as AlertType))),
      ...requests.map((row) => item('request', row, row.text, URGENT_REQUESTS.includes(row.urgency as Urgency))),
      ...offers.map((row) => item('offer', row, row.text)),
      ...jobRows.map((row) => item('job', row, row.text)),
      ...resourceRows.map((row) => item('resource', row, row.text)),
      ...dropRows.map((row) => item('drop', row, row.title || row.meetSpot)),
    ];
    feed.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    return c.json(feed.slice(0, limit));
  });
}

/** GET /api/donation-links: the external payment page the donate buttons open (configured). */
export function donationLinkRoutes(deps: RouteDeps) {
  return new Hono().get('/', (c) => c.json({ donate: deps.donationUrl } satisfies DonationLinks));
}
