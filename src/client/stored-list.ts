/**
 * A list this browser keeps in its storage under `key`, newest first, one entry per `idOf`. What
 * is stored is read back only as far as `keep` accepts it; where storage cannot be used (private
 * mode, a full storage) the list reads empty and is not saved, and the caller's page still works.
 */
export function storedList<T>(key: string, keep: (item: T) => boolean, idOf: (item: T) => string) {
  const read = (): T[] => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(stored) ? (stored as T[]).filter((item) => item && keep(item)) : [];
    } catch {
      return [];
    }
  };
  const save = (items: T[]) => {
    try {
      localStorage.setItem(key, JSON.stringify(items));
    } catch {
      // Not kept: see above.
    }
  };
  return {
    read,
    /** Puts `item` first, in place of the entry with its id. */
    remember: (item: T) => save([item, ...read().filter((known) => idOf(known) !== idOf(item))]),
    forget: (id: string) => save(read().filter((known) => idOf(known) !== id)),
  };
}
