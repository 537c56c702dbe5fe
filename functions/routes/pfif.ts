import { Hono } from 'hono';
import { PFIF_PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { lostFoundPosts } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { pfifSite, writePfif } from '../domain/pfif.ts';
import { listedPersons } from '../domain/pfif-import.ts';
import { createdBefore, pageSize } from '../http/answers.ts';

/**
 * GET /api/pfif: the listed missing-person records (not hidden, not expired), newest first, with
 * their visible notes, as PFIF 1.4 for Person Finder and other repositories. Never a contact.
 * A full page links the next (`before=`) as lists do.
 */
export function pfifRoutes(deps: RouteDeps) {
  return new Hono().get('/', async (c) => {
    const before = createdBefore(c, lostFoundPosts);
    if (!before.ok) return before.response;
    const limit = pageSize(c, PFIF_PAGE_SIZE);
    const { persons, next } = await listedPersons(deps.db, deps.now(), limit, before.where);
    if (next) c.header('Link', `</api/pfif?${new URLSearchParams(next)}>; rel="next"`);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(writePfif(persons, pfifSite(deps, c)));
  });
}
