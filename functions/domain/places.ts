/**
 * Where a post is: every typed city is stored through here, canonical with its county, so a board
 * can be filtered by county and the map counts what the boards list.
 */
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { MiddlewareHandler } from 'hono';
import { countyOf, placeOf } from '../../src/common/contract/places.ts';
import type { Database } from '../../db/client.ts';
import { alertSubscriptions, alerts, assistanceRequests, drops, jobs, lostFoundPosts, meta, resources, surplusOffers } from '../../db/schema.ts';
import { foldForSearch } from '../../db/search-fields.ts';
import { apiError } from '../http/answers.ts';

/** The county a list was asked for, and `on` a table's county column the condition that keeps its posts. */
type County = { county: string | null; on: (column: AnySQLiteColumn) => SQL | undefined };

/**
 * A list's `county=` query: its canonical county name and, `on` a table's county column, the
 * condition that keeps that county's posts (none without the query); a 400 `invalid_county`
 * answer for a name that is no California county. Any case or accent is accepted ("fresno").
 */
export const countyQuery: MiddlewareHandler<{ Variables: { county: County } }> = async (c, next) => {
  const asked = c.req.query('county');
  const county = asked?.trim() ? countyOf(asked) : null;
  if (asked?.trim() && !county) return apiError(c, 400, 'invalid_county', 'county must be the name of a California county, such as Fresno or Los Angeles');
  c.set('county', county ? { county: county.name, on: (column) => eq(column, county.name) } : { county: null, on: () => undefined });
  await next();
};

/** Set by migration 0009 while the cities stored before it still wait to be placed. */
const BACKFILL_KEY = 'places_backfill';

/** Every stored city, with what placing it also changes: a missing person's city is searched folded. */
const STORED_CITIES = [
  ...[alerts, resources, jobs, drops, assistanceRequests, surplusOffers, alertSubscriptions].map((table) => ({
    table,
    city: table.city,
    set: (name: string) => ({ city: name }),
  })),
  { table: lostFoundPosts, city: lostFoundPosts.lastSeenCity, set: (name: string) => ({ lastSeenCity: name, searchCity: foldForSearch(name) }) },
];

/**
 * Places the cities stored before counties were (migration 0009 cannot: SQL knows no place
 * names). Runs once, when the migration asked for it; a city that is no place stays as typed.
 * Each distinct city is looked up once; a table's updates go in one batch.
 */
export async function placeStoredCities(db: Database): Promise<number> {
  const [due] = await db.select().from(meta).where(eq(meta.key, BACKFILL_KEY));
  if (!due) return 0;
  let placedRows = 0;
  for (const { table, city, set } of STORED_CITIES) {
    const typed = await db
      .selectDistinct({ city })
      .from(table)
      .where(and(isNull(table.county), isNotNull(city)));
    const updates = typed.flatMap((row) => {
      const place = placeOf(row.city as string);
      return place
        ? [
            db
              .update(table as typeof alerts)
              .set({ ...set(place.name), county: place.county } as never)
              .where(and(eq(city, row.city as string), isNull(table.county)))
              .returning({ county: table.county }),
          ]
        : [];
    });
    const [first, ...rest] = updates;
    if (first) placedRows += (await db.batch([first, ...rest])).flat().length;
  }
  await db.delete(meta).where(eq(meta.key, BACKFILL_KEY));
  return placedRows;
}
