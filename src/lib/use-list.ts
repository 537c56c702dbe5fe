import { useCallback, useEffect, useState } from 'react';
import type { LiveEventName } from '../contract/events.ts';
import { api } from './api.ts';
import { $liveEvent } from './live-store.ts';

/** How often lists refetch by themselves (spec section 9). */
export const REFETCH_MS = 30_000;

/**
 * A list from the API that refetches every 30 s and whenever a live event of `liveEvent`
 * arrives; null while the first load is on its way.
 */
export function useLiveList<T>(path: string, liveEvent: LiveEventName) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setItems(await api<T[]>(path));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [path]);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), REFETCH_MS);
    const stop = $liveEvent.listen((event) => {
      if (event?.event === liveEvent) void reload();
    });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [reload, liveEvent]);

  return { items, failed, reload, setItems };
}
