/**
 * How long a missing-person record lives and who may see it: LOST_FOUND_DAYS from its posting or
 * its owner's last extension, and never while a moderator keeps it hidden. Every read of records
 * the public sees (lists, the record, search, follows, PFIF) asks `visibleRecord`; the sweep
 * (retention.ts) deletes what `keptAfter` no longer keeps.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { lostFoundPosts } from '../../db/schema.ts';
import { LOST_FOUND_DAYS } from '../../src/common/contract/limits.ts';
import type { LostFoundRow } from './mappers.ts';
import { DAY } from './time.ts';

/** The time a record's life counts from: its posting, or its owner's last extension. */
export const livesFrom = sql`coalesce(${lostFoundPosts.renewedAt}, ${lostFoundPosts.createdAt})`;

/** Records whose life began after this are still kept. */
export const keptAfter = (now: number) => new Date(now - LOST_FOUND_DAYS * DAY).toISOString();

/** When a record leaves every answer. */
export const expiresAt = (row: Pick<LostFoundRow, 'renewedAt' | 'createdAt'>) => new Date(Date.parse(row.renewedAt ?? row.createdAt) + LOST_FOUND_DAYS * DAY).toISOString();

/** A record still alive now, hidden or not (its owner still manages it). */
export const keptRecord = (now: number): SQL => gt(livesFrom, keptAfter(now));

/** A record anyone may see now: still alive, and not hidden by a moderator. */
export const visibleRecord = (now: number): SQL => and(eq(lostFoundPosts.hidden, false), keptRecord(now))!;
