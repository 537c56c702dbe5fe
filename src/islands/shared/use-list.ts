import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { LiveEventName } from '../../common/contract/events.ts';
import { $county } from '../../client/area.ts';
import { createList, type BoardStart, type FirstItems, type ListItem, type ListOptions } from '../../client/lists.ts';

export { REFETCH_MS } from '../../client/lists.ts';

/**
 * A list from the API for a React island (see createList): null items while the first load is
 * on its way; refetched every 30 s, on `live` and when the page comes back; `setItems` adds the
 * page's own post or changes one card, and a refresh never doubles it. A new `path` (a search)
 * is a new list, with the options given with it. `first` is what the server drew the page with.
 */
export function useLiveList<T extends ListItem>(
  path: string,
  /** The live event that means "new on this list"; none: every event does (the pulse feed). */
  live: LiveEventName | undefined,
  { first, ...options }: Omit<ListOptions, 'path' | 'live'> & { first?: FirstItems<T> | null } = {},
) {
  // Only the first list starts from the server's items: a path left and come back to is asked anew.
  const make = (drawn?: typeof first) => ({ path, list: createList<T>({ path, live, ...options }, undefined, drawn) });
  const [current, setCurrent] = useState(() => make(first));
  // Replaced while rendering, so no frame draws the old list under the new path.
  const { list } = current.path === path ? current : make();
  if (current.list !== list) setCurrent({ path, list });
  const state = useStore(list.$state);
  useEffect(() => list.start(), [list]);
  return { ...state, loading: state.items === null && !state.failed, reload: list.refresh, loadMore: list.loadMore, setItems: list.setItems };
}

export type LiveList<T extends ListItem> = ReturnType<typeof useLiveList<T>>;

/**
 * The county a board lists: on the server the one its address chose (`first`), on the phone the
 * area choice's (which starts from that address, src/components/boards/area-choice.ts).
 */
export function useBoardCounty(first: BoardStart<unknown> | null | undefined): string | null {
  const chosen = useStore($county);
  return import.meta.env.SSR ? (first?.county ?? null) : chosen;
}
