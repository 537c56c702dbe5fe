import { atom, type ReadableAtom } from 'nanostores';
import type { LiveEvent, LiveEventName } from '../common/contract/events.ts';
import { api } from './api.ts';
import { $liveConnected, $liveEvent } from './live/store.ts';

/** How often lists refetch by themselves (spec section 9). */
export const REFETCH_MS = 30_000;

/**
 * Cards drawn at first and at each "Show more": about two phone screens. Drawing a whole page of
 * cards at once is what kept the main thread busy when a board woke up.
 */
export const SCREEN = 12;

/** A refetch asked for by coming back (online, live room, tab shown) waits at least this long after the last. */
const CATCH_UP_MS = 5000;

export type ListItem = { id: string; createdAt?: string };

export interface ListOptions {
  /** The API path, query included (`/api/alerts?type=...`). */
  path: string;
  /** The live event that means "something new on this list": it refetches unless the item is shown already. */
  live?: LiveEventName;
  /** The live event that means "an item shown changed" (a report's state): it always refetches. */
  changes?: LiveEventName;
  /**
   * Items per request when the API pages with `limit`, `before` and `beforeId` (the last item
   * shown); without it the API's answer is the whole list.
   */
  page?: number;
  /**
   * The API answers best first (a search), not newest first: `before` cannot page it, so a refresh
   * asks for as many as are shown and "Show more" for a page more than that.
   */
  ranked?: boolean;
}

/** What the server drew a board with (src/server/page-data.ts): the list's path then, its items, whether it has older ones, and when (ms). */
export interface FirstItems<T> {
  path: string;
  items: T[];
  more: boolean;
  at: number;
}

/** What the server drew a board's page with (src/server/page-data.ts boardList): its list's first items, the county its address chose and how many cards it showed. */
export interface BoardStart<T> extends FirstItems<T> {
  county: string | null;
  shown: number;
}

export interface ListState<T> {
  /** null until the first answer. */
  items: T[] | null;
  /** The last request failed (what was shown stays). */
  failed: boolean;
  /** The API has older items than those shown ("Show more" can ask for them). */
  more: boolean;
  /** An older page is on its way. */
  loadingMore: boolean;
}

export interface List<T> {
  $state: ReadableAtom<ListState<T>>;
  /** Asks for the newest items again and merges them with those shown, by id. */
  refresh(): Promise<void>;
  /** Asks for the page older than the oldest item shown. */
  loadMore(): Promise<void>;
  /** Changes the items shown; an item that appears here (the page's own post) stays until an answer asked after it arrives. */
  setItems(update: (items: T[] | null) => T[] | null): void;
  /** Refetches every 30 s, on the live event and when the page comes back; returns the stop. */
  start(): () => void;
}

/** The address of a list's newest page, or of the page after the item `last`. */
export function listUrl(path: string, page?: number, last?: ListItem): string {
  if (!page) return path;
  const query = new URLSearchParams({ limit: String(page) });
  if (last?.createdAt) {
    query.set('before', last.createdAt);
    query.set('beforeId', last.id);
  }
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Whether `item` of the list shown comes after `last`, in the API's order: newest first, and
 * within one minute (times are kept to the minute) the order the server wrote them in, which
 * only the list itself tells: after `last` in `shown`, or anywhere when `last` is new to it.
 */
const comesAfter = (item: ListItem, last: ListItem, shown: ListItem[]) => {
  const [at, lastAt] = [item.createdAt ?? '', last.createdAt ?? ''];
  if (at !== lastAt) return at < lastAt;
  const place = shown.findIndex((one) => one.id === last.id);
  return place === -1 || shown.indexOf(item) > place;
};

/** The id a live event names, when the server sent one. */
const liveItemId = (event: LiveEvent): string | undefined => ('id' in event.data && typeof event.data.id === 'string' ? event.data.id : undefined);

/**
 * One list from the API: the one way every board loads, refreshes, pages and merges its items.
 * Plain code over a nanostores atom, so a React island (`useLiveList`) and a custom element
 * (the pulse feed) share it. A list the server drew the page with (`first`, for this very path)
 * starts from those items and asks again at the first refresh, 30 s on; or at once when they were
 * drawn a while ago (a page kept by a cache, or opened again from the phone's history).
 */
export function createList<T extends ListItem>(
  { path, live, changes, page, ranked }: ListOptions,
  fetchJson: <R>(path: string) => Promise<R> = api,
  first?: FirstItems<T> | null,
): List<T> {
  const drawn = first?.path === path ? first : null;
  const $state = atom<ListState<T>>({ items: drawn?.items ?? null, failed: false, more: drawn?.more ?? false, loadingMore: false });
  const patch = (change: Partial<ListState<T>>) => $state.set({ ...$state.get(), ...change });
  /** Requests started so far; each answer knows which one it is. */
  let asked = 0;
  let applied = 0;
  /** Items this page added itself, with the number of requests already started when it did. */
  const added = new Map<string, number>();
  let inFlight: Promise<void> | null = null;
  let again = false;
  let loadedAt = drawn?.at ?? 0;

  const url = (last?: ListItem) => listUrl(path, page, last);
  const read = (address: string) => fetchJson<T[]>(address);

  /**
   * The newest page over what is shown: the page wins for every id it has; an item it lacks stays
   * when this page added it after the request left, or when it is older than the whole page
   * (loaded with "Show more"); otherwise it is gone from the server and leaves.
   */
  const merge = (fresh: T[], shown: T[], request: number): T[] => {
    const ids = new Set(fresh.map((item) => item.id));
    const last = fresh.at(-1);
    const complete = ranked || !page || !last || fresh.length < page;
    const ownNewer = shown.filter((item) => !ids.has(item.id) && (added.get(item.id) ?? -1) >= request);
    const older = complete ? [] : shown.filter((item) => !ids.has(item.id) && !ownNewer.includes(item) && comesAfter(item, last, shown));
    return [...ownNewer, ...fresh, ...older];
  };

  const fetchNewest = async () => {
    const request = ++asked;
    try {
      const fresh = await read(ranked ? listUrl(path, Math.max(page ?? 0, $state.get().items?.length ?? 0)) : url());
      if (request < applied) return;
      applied = request;
      loadedAt = Date.now();
      const { items } = $state.get();
      // A refresh leaves "Show more" as the reader left it; only the first answer decides it.
      patch({ items: merge(fresh, items ?? [], request), failed: false, more: items === null ? !!page && fresh.length === page : $state.get().more });
    } catch {
      patch({ failed: true });
    }
  };

  /** One request at a time; a refresh asked for meanwhile runs once the current one is back. */
  const refresh = async (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await fetchNewest();
      } while (again);
    })();
    try {
      await inFlight;
    } finally {
      inFlight = null;
    }
  };

  const loadMore = async () => {
    const { items, loadingMore } = $state.get();
    if (!page || loadingMore || !items) return;
    patch({ loadingMore: true });
    try {
      const wanted = ranked ? items.length + page : page;
      const older = await read(ranked ? listUrl(path, wanted) : url(items.at(-1)));
      const shown = $state.get().items ?? [];
      const ids = new Set(shown.map((item) => item.id));
      patch({ items: [...shown, ...older.filter((item) => !ids.has(item.id))], more: older.length === wanted, failed: false, loadingMore: false });
    } catch {
      patch({ failed: true, loadingMore: false });
    }
  };

  const setItems = (update: (items: T[] | null) => T[] | null) => {
    const before = new Set(($state.get().items ?? []).map((item) => item.id));
    const next = update($state.get().items);
    for (const item of next ?? []) if (!before.has(item.id)) added.set(item.id, asked);
    patch({ items: next });
  };

  /** A live event: refetches when it may change what is shown (see ListOptions). */
  const heard = (event: LiveEvent | null) => {
    if (!event) return;
    if (event.event === changes) return void refresh();
    if (live && event.event !== live) return;
    // The page's own post, already shown: nothing new to ask for.
    const id = liveItemId(event);
    if (id && $state.get().items?.some((item) => item.id === id)) return;
    void refresh();
  };

  const start = () => {
    if (Date.now() - loadedAt > CATCH_UP_MS) void refresh();
    // The page heard the room before this list woke (an island hydrated late): the items the
    // server drew may lack what that event announced.
    else heard($liveEvent.get());
    const catchUp = (after: number) => {
      if (Date.now() - loadedAt > after) void refresh();
    };
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, REFETCH_MS);
    const onVisible = () => !document.hidden && catchUp(REFETCH_MS);
    const onOnline = () => catchUp(CATCH_UP_MS);
    const stops = [
      $liveEvent.listen(heard),
      // Back online or the live room back: something may have been posted meanwhile.
      $liveConnected.listen((open) => open && catchUp(CATCH_UP_MS)),
    ];
    addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      for (const stop of stops) stop();
      removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  };

  return { $state, refresh, loadMore, setItems, start };
}
