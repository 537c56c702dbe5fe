import { useState, type ReactNode } from 'react';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { SCREEN, type ListItem } from '../../client/lists.ts';
import type { LiveList } from './use-list.ts';

interface Props<Item extends ListItem> {
  list: LiveList<Item>;
  t: (key: MessageKey, vars?: Vars) => string;
  /** What an empty list says (spec section 2), or what a board shows instead (the drop's fallback). */
  empty: ReactNode;
  /** The items to draw when the board filters the list; the list's own by default. */
  items?: Item[] | null;
  /** Cards per screen; Infinity draws all (a box that shows one at a time). */
  screen?: number;
  /** The list sits inside a card already: its states draw no card of their own. */
  inCard?: boolean;
  /** Cards the page asked to show at first (a board's `?shown=`, drawn by the server). */
  firstShown?: number;
  /**
   * The board drawn by the server: its own address and county. "Show more" is then a link to the
   * same board showing a screen more (`?county=…&shown=…`, src/server/page-data.ts reads it), which
   * works without scripts; with them it shows more in place.
   */
  board?: { path: string; county: string | null };
  /** What a failed refresh says under the cards it kept; "could not load" by default. */
  stale?: string;
  children: (shown: Item[]) => ReactNode;
}

/**
 * What every board shows of its list: loading, failed with a retry, the spec's empty text, or the
 * first screen of cards with "Show more" for the rest (drawn ones first, then older pages from the
 * API). A failed refresh keeps the cards and says so under them.
 */
export function ListStates<Item extends ListItem>({ list, t, empty, items = list.items, screen = SCREEN, inCard = false, firstShown, board, stale, children }: Props<Item>) {
  const [screens, setScreens] = useState(() => (firstShown ? Math.ceil(firstShown / screen) : 1));
  const card = inCard ? '' : 'card ';
  const retry = (
    <button className="button secondary" type="button" onClick={() => void list.reload()}>
      {t('common.retry')}
    </button>
  );
  if (items === null) {
    return list.failed ? (
      <div className={`${card}list-failed`} role="alert">
        <p>{t('common.loadFailed')}</p>
        {retry}
      </div>
    ) : (
      <p className="note">{t('common.loading')}</p>
    );
  }
  if (items.length === 0) {
    return typeof empty === 'string' ? (
      <p className={`${card}empty`} role="status">
        {empty}
      </p>
    ) : (
      empty
    );
  }
  const shown = items.slice(0, screens * screen);
  const More = board ? 'a' : 'button';
  const more = board && new URLSearchParams({ ...(board.county && { county: board.county }), shown: String(shown.length + screen) });
  const showMore = async () => {
    if (shown.length === items.length) await list.loadMore();
    setScreens((count) => count + 1);
  };
  return (
    <>
      {children(shown)}
      {list.failed && (
        <p className="note list-failed" role="alert">
          {stale ?? t('common.loadFailed')} {retry}
        </p>
      )}
      {(shown.length < items.length || list.more) && (
        <More
          className="button secondary list-more"
          {...(board ? { href: `${board.path}?${more}`, 'aria-disabled': list.loadingMore || undefined } : { type: 'button', disabled: list.loadingMore })}
          onClick={(event) => {
            event.preventDefault();
            if (!list.loadingMore) void showMore();
          }}
        >
          {t('common.loadMore')}
        </More>
      )}
    </>
  );
}
