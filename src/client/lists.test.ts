import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../common/contract/events.ts';
import { createList, REFETCH_MS } from './lists.ts';
import { $liveConnected, $liveEvent } from './live/store.ts';

type Post = { id: string; createdAt: string; name: string };
const post = (n: number, name = `Post ${n}`): Post => ({ id: `p${n}`, createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(), name });
/** Posts n down to m, newest first, as the API answers them. */
const posts = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => post(from - k));
const ids = (items: { id: string }[] | null) => items?.map((item) => item.id);

/** A fake API: every request is recorded and answered later by the test, in any order. */
function fakeApi() {
  const calls: { path: string; answer: (value: unknown) => void; fail: () => void }[] = [];
  const fetchJson = <R>(path: string) =>
    new Promise<R>((resolve, reject) => calls.push({ path, answer: (value) => resolve(value as R), fail: () => reject(new Error('503: busy')) }));
  return { calls, fetchJson };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loading and paging', () => {
  it('asks for the first page, then older pages with before=, and says when there are no more', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/lost-found', page: 3 }, api.fetchJson);
    const first = list.refresh();
    expect(api.calls[0]!.path).toBe('/api/lost-found?limit=3');
    api.calls[0]!.answer(posts(9, 7));
    await first;
    expect(list.$state.get()).toMatchObject({ failed: false, more: true });

    const more = list.loadMore();
    expect(list.$state.get().loadingMore).toBe(true);
    expect(api.calls[1]!.path).toBe(`/api/lost-found?limit=3&before=${encodeURIComponent(post(7).createdAt)}&beforeId=p7`);
    api.calls[1]!.answer(posts(6, 5));
    await more;
    expect(ids(list.$state.get().items)).toEqual(['p9', 'p8', 'p7', 'p6', 'p5']);
    expect(list.$state.get()).toMatchObject({ more: false, loadingMore: false });
  });

  it('keeps a query already in the path', async () => {
    const api = fakeApi();
    const alerts = createList<Post>({ path: '/api/alerts?type=Enforcement', page: 2 }, api.fetchJson);
    void alerts.refresh();
    expect(api.calls[0]!.path).toBe('/api/alerts?type=Enforcement&limit=2');
  });

  it('pages a ranked list (a search) by asking for more of the best, never with before=, and refreshes as many as are shown', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/lost-found?q=maria', page: 2, ranked: true }, api.fetchJson);
    let asked = list.refresh();
    expect(api.calls[0]!.path).toBe('/api/lost-found?q=maria&limit=2');
    // Best first, so the second is newer than the first: its createdAt says nothing about what comes next.
    api.calls[0]!.answer([post(3), post(8)]);
    await asked;
    expect(list.$state.get().more).toBe(true);

    asked = list.loadMore();
    expect(api.calls[1]!.path).toBe('/api/lost-found?q=maria&limit=4');
    api.calls[1]!.answer([post(3), post(8), post(5)]);
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['p3', 'p8', 'p5']);
    expect(list.$state.get().more).toBe(false);

    asked = list.refresh();
    expect(api.calls[2]!.path).toBe('/api/lost-found?q=maria&limit=3');
    // A record hidden meanwhile leaves, though it is older than the last one ranked.
    api.calls[2]!.answer([post(8), post(5)]);
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['p8', 'p5']);
  });

  it('a failure keeps what is shown; the next answer clears it', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/jobs' }, api.fetchJson);
    let asked = list.refresh();
    api.calls[0]!.fail();
    await asked;
    expect(list.$state.get()).toMatchObject({ items: null, failed: true });
    asked = list.refresh();
    api.calls[1]!.answer(posts(2, 1));
    await asked;
    asked = list.refresh();
    api.calls[2]!.fail();
    await asked;
    expect(list.$state.get()).toMatchObject({ failed: true });
    expect(ids(list.$state.get().items)).toEqual(['p2', 'p1']);
  });
});

describe('merging a refresh by id', () => {
  it('never doubles the page’s own post, whichever of the post and the refresh comes first', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/lost-found', page: 20 }, api.fetchJson);
    let asked = list.refresh();
    api.calls[0]!.answer(posts(2, 1));
    await asked;

    // A refresh leaves before the post is stored and comes back without it, after it was added.
    asked = list.refresh();
    list.setItems((shown) => [post(3, 'Mine'), ...(shown ?? [])]);
    api.calls[1]!.answer(posts(2, 1));
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['p3', 'p2', 'p1']);

    // The next refresh has it: shown once, as the server has it.
    asked = list.refresh();
    api.calls[2]!.answer([post(3, 'Mine, stored'), ...posts(2, 1)]);
    await asked;
    expect(list.$state.get().items?.map((item) => item.name)).toEqual(['Mine, stored', 'Post 2', 'Post 1']);
  });

  it('keeps the older pages loaded with "Show more", and drops what the server no longer lists', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/alerts', page: 3 }, api.fetchJson);
    let asked = list.refresh();
    api.calls[0]!.answer(posts(9, 7));
    await asked;
    asked = list.loadMore();
    api.calls[1]!.answer(posts(6, 4));
    await asked;

    // p8 closed, p10 is new: the newest page now reaches down to p7.
    asked = list.refresh();
    api.calls[2]!.answer([post(10), post(9), post(7)]);
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['p10', 'p9', 'p7', 'p6', 'p5', 'p4']);
    // "Show more" stays as the reader left it.
    expect(list.$state.get().more).toBe(true);
  });

  it('pages within one minute in the order the API answers, and keeps what a refresh did not reach', async () => {
    // Times are kept to the minute: posts of one minute, in the order the server wrote them (ids say nothing of it).
    const minute = new Date(Date.UTC(2026, 10, 1, 0, 5)).toISOString();
    const same = (id: string): Post => ({ id, createdAt: minute, name: id });
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/alerts', page: 2 }, api.fetchJson);
    let asked = list.refresh();
    api.calls[0]!.answer([same('b'), same('e')]);
    await asked;
    asked = list.loadMore();
    expect(api.calls[1]!.path).toBe(`/api/alerts?limit=2&before=${encodeURIComponent(minute)}&beforeId=e`);
    api.calls[1]!.answer([same('d'), same('a')]);
    await asked;

    // A refresh's first page ends at e: d and a come after it, so they stay; c, new, comes first.
    asked = list.refresh();
    api.calls[2]!.answer([same('c'), same('b')]);
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['c', 'b', 'e', 'd', 'a']);
  });

  it('a whole-list answer replaces the list, and an answer older than the one shown is ignored', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/resources' }, api.fetchJson);
    let asked = list.refresh();
    api.calls[0]!.answer(posts(3, 1));
    await asked;

    const slow = fakeApi();
    const raced = createList<Post>({ path: '/api/resources' }, slow.fetchJson);
    void raced.refresh();
    void raced.refresh();
    // The second refresh waits for the first, then asks again.
    slow.calls[0]!.answer(posts(1, 1));
    await settle();
    slow.calls[1]!.answer(posts(2, 1));
    await settle();
    expect(ids(raced.$state.get().items)).toEqual(['p2', 'p1']);

    asked = list.refresh();
    api.calls[1]!.answer([post(3)]);
    await asked;
    expect(ids(list.$state.get().items)).toEqual(['p3']);
  });
});

describe('start: every 30 s, on the live event, when the page comes back', () => {
  const listeners = new Map<string, () => void>();
  beforeEach(() => {
    vi.useFakeTimers();
    const on = (type: string, listener: () => void) => listeners.set(type, listener);
    vi.stubGlobal('document', { hidden: false, addEventListener: on, removeEventListener: () => undefined });
    vi.stubGlobal('addEventListener', on);
    vi.stubGlobal('removeEventListener', () => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    $liveEvent.set(null);
    $liveConnected.set(false);
  });

  it('starts from the items the server drew the page with, asking again only at the first refresh; or at once when they were drawn a while ago', async () => {
    const api = fakeApi();
    const drawn = { path: '/api/lost-found', items: posts(3, 1), more: false, at: Date.now() };
    const fresh = createList<Post>({ path: '/api/lost-found', live: 'new-missing-person' }, api.fetchJson, drawn);
    expect(ids(fresh.$state.get().items)).toEqual(['p3', 'p2', 'p1']);
    const stop = fresh.start();
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(REFETCH_MS);
    expect(api.calls).toHaveLength(1);
    stop();

    // Drawn a minute ago (a page a cache kept): asked at once. Drawn for another path (a county chosen since): not used.
    const kept = createList<Post>({ path: '/api/lost-found' }, api.fetchJson, { ...drawn, at: Date.now() - 60_000 });
    expect(ids(kept.$state.get().items)).toEqual(['p3', 'p2', 'p1']);
    kept.start()();
    expect(api.calls).toHaveLength(2);
    const other = createList<Post>({ path: '/api/lost-found?county=Fresno' }, api.fetchJson, drawn);
    expect(other.$state.get().items).toBeNull();
  });

  it('asks at once when the page heard its event before the list woke from the server’s items', async () => {
    const api = fakeApi();
    const drawn = { path: '/api/lost-found', items: posts(3, 1), more: false, at: Date.now() };
    // Another board's news, heard before this island hydrated: nothing to ask for.
    $liveEvent.set({ event: 'new-job', data: { id: 'j1', title: 'Cook', city: null, payRange: null, acceptsNoPapers: true, contact: null } });
    createList<Post>({ path: '/api/lost-found', live: 'new-missing-person' }, api.fetchJson, drawn).start()();
    expect(api.calls).toHaveLength(0);
    // This board's news: the drawn items may lack it.
    $liveEvent.set({ event: 'new-missing-person', data: { id: 'p4', name: 'Newer', lastSeenCity: null } });
    createList<Post>({ path: '/api/lost-found', live: 'new-missing-person' }, api.fetchJson, drawn).start()();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/lost-found']);
  });

  it('refetches on its own event unless the event names an item already shown, and stops when told', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/lost-found', live: 'new-missing-person' }, api.fetchJson);
    const stop = list.start();
    api.calls[0]!.answer(posts(2, 1));
    await vi.advanceTimersByTimeAsync(0);

    $liveEvent.set({ event: 'new-job', data: { id: 'j1', title: 'Cook', city: null, payRange: null, acceptsNoPapers: true, contact: null } });
    expect(api.calls).toHaveLength(1);
    const shown = { event: 'new-missing-person', data: { id: 'p2', name: 'Post 2', lastSeenCity: null } } as LiveEvent;
    $liveEvent.set(shown);
    expect(api.calls).toHaveLength(1);
    $liveEvent.set({ event: 'new-missing-person', data: { id: 'p3', name: 'Someone else', lastSeenCity: 'Fresno' } });
    expect(api.calls).toHaveLength(2);
    api.calls[1]!.answer(posts(3, 1));
    await vi.advanceTimersByTimeAsync(0);

    await vi.advanceTimersByTimeAsync(REFETCH_MS);
    expect(api.calls).toHaveLength(3);
    api.calls[2]!.answer(posts(3, 1));
    await vi.advanceTimersByTimeAsync(0);

    stop();
    await vi.advanceTimersByTimeAsync(REFETCH_MS);
    $liveEvent.set({ event: 'new-missing-person', data: { id: 'p4', name: 'Later', lastSeenCity: null } });
    expect(api.calls).toHaveLength(3);
  });

  it('skips the 30 s refetch while the tab is hidden and catches up when the room or the network is back', async () => {
    const api = fakeApi();
    const list = createList<Post>({ path: '/api/pulse?limit=10' }, api.fetchJson);
    list.start();
    api.calls[0]!.answer(posts(1, 1));
    await vi.advanceTimersByTimeAsync(0);

    (document as { hidden: boolean }).hidden = true;
    await vi.advanceTimersByTimeAsync(REFETCH_MS + 1000);
    expect(api.calls).toHaveLength(1);
    (document as { hidden: boolean }).hidden = false;
    listeners.get('visibilitychange')!();
    expect(api.calls).toHaveLength(2);
    api.calls[1]!.answer(posts(1, 1));
    await vi.advanceTimersByTimeAsync(0);

    // Just loaded: coming back online asks nothing; seconds later it does.
    listeners.get('online')!();
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(6000);
    $liveConnected.set(true);
    expect(api.calls).toHaveLength(3);
  });
});
