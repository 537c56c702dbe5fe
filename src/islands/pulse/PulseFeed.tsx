import type { PulseItem } from '../../common/contract/index.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { relativeTime } from '../../common/relative-time.ts';
import type { FirstItems } from '../../client/lists.ts';
import { useLiveList } from '../shared/use-list.ts';
import { ListStates } from '../shared/ListStates.tsx';

/** The feed's address for `limit` items: the home page shows 5, /pulse 30. */
export const pulsePath = (limit: number) => `/api/pulse?limit=${limit}`;

const KIND_LABELS = {
  missing: 'feed.kindMissing',
  alert: 'feed.kindAlert',
  request: 'feed.kindRequest',
  offer: 'feed.kindOffer',
  job: 'feed.kindJob',
  resource: 'feed.kindResource',
  drop: 'feed.kindDrop',
} as const;

/** Where each kind of post is listed. Requests and offers live in the home page's help boxes. */
const BOARDS: Record<PulseItem['kind'], string> = {
  missing: '/lost-found',
  alert: '/alerts',
  request: '/#help-boxes',
  offer: '/#help-boxes',
  job: '/jobs',
  resource: '/resources',
  drop: '/drops',
};

const boardOf = (kind: PulseItem['kind'], lang: Lang) => {
  const [path, hash = ''] = BOARDS[kind].split('#');
  return `${localizePath(path!, lang)}${hash && `#${hash}`}`;
};

interface Props {
  lang: Lang;
  messages: Messages;
  /** How many items to show. */
  limit: number;
  /** The id of the heading that names the feed. */
  labelledby: string;
  /** The items the server drew the page with. */
  first: FirstItems<PulseItem> | null;
}

/**
 * The community activity feed (GET /api/pulse): the newest posts of every board, drawn by the
 * server, then refreshed every 30 seconds and whenever the live room says anything was posted
 * (every kind of post is news here).
 */
export default function PulseFeed({ lang, messages, limit, labelledby, first }: Props) {
  const t = messageFn(messages, lang);
  const list = useLiveList<PulseItem>(pulsePath(limit), undefined, { first });
  const now = Date.now();
  return (
    <div className="pulse-feed" aria-busy={list.loading}>
      <ListStates
        list={list}
        t={t}
        screen={Infinity}
        stale={t('feed.stale')}
        empty={
          <div className="feed-empty">
            <p>{t('feed.empty')}</p>
            <p className="note">{t('feed.beFirst')}</p>
          </div>
        }
      >
        {(items) => (
          <ol className="feed-list" aria-labelledby={labelledby}>
            {items.map((item) => (
              <li key={item.id} className={item.urgent ? 'feed-item urgent' : 'feed-item'} data-kind={item.kind}>
                <a className="feed-link" href={boardOf(item.kind, lang)}>
                  <span className="feed-tags">
                    <span className="badge type">{t(KIND_LABELS[item.kind])}</span>
                    {item.urgent && <span className="badge danger">{t('feed.urgent')}</span>}
                    {item.sample && <span className="badge plain">{t('common.sample')}</span>}
                  </span>
                  <bdi className="feed-text" dir="auto">
                    {item.text}
                  </bdi>
                  <span className="feed-meta note">
                    {item.city && (
                      <>
                        <bdi className="feed-city" dir="auto">
                          {item.city}
                        </bdi>
                        {' · '}
                      </>
                    )}
                    <time className="feed-time" dateTime={item.createdAt} suppressHydrationWarning>
                      {relativeTime(item.createdAt, lang, t, now)}
                    </time>
                  </span>
                </a>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
    </div>
  );
}
