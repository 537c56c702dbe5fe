import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { LostFoundPost } from '../../common/contract/index.ts';
import { LIMITS } from '../../common/contract/limits.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import { isolate, personPath } from '../../common/format.ts';
import { recordFacts, takesMessages } from '../../common/person.ts';
import type { BoardStart } from '../../client/lists.ts';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';
import { ListStates } from '../shared/ListStates.tsx';
import { MissingPersonForm } from './MissingPersonForm.tsx';
import { MyPostsLink } from '../manage/MyPostsLink.tsx';
import { RevealContact } from '../shared/RevealContact.tsx';

export const PAGE = 20;

export const LIST_PATH = '/api/lost-found';

/** Typing searches once the person pauses this long, with at least MIN_TYPED characters. */
const SEARCH_DELAY_MS = 300;
const MIN_TYPED = 2;

/**
 * The lost-and-found board: the post form, a search by name or city, and the list of recent posts
 * newest first, or of the records found best first. The server draws it with its first cards
 * (`first`); without a script the search form posts to the server's results page, and the area
 * and "Show more" are the board's own address; with one it never leaves the page, and what was
 * typed never enters the page's address.
 */
export default function LostFoundBoard(props: { lang: Lang; messages: Messages; first: BoardStart<LostFoundPost> | null; children?: ReactNode }) {
  const { lang, messages, first, children } = props;
  const t = messageFn(messages, lang);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const county = useBoardCounty(first);
  const path = countyPath(query ? `${LIST_PATH}?${new URLSearchParams({ q: query })}` : LIST_PATH, county);
  const list = useLiveList<LostFoundPost>(path, 'new-missing-person', { page: PAGE, ranked: !!query, first });
  const [posted, setPosted] = useState(false);
  /** The name to put in the post form, each time "Post this person" is pressed. */
  const [prefill, setPrefill] = useState<{ name: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === query) return;
    if (!wanted) return setQuery('');
    if ([...wanted].length < MIN_TYPED) return;
    const timer = setTimeout(() => setQuery(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query]);

  // The home page's "Find someone missing" lands here.
  useEffect(() => {
    if (location.hash === '#search') input.current?.focus();
  }, []);

  const clear = () => {
    setTyped('');
    setQuery('');
    input.current?.focus();
  };
  // With more to load, the count is of those loaded so far: there are at least that many.
  const status = !query
    ? ''
    : list.items
      ? t.count(list.more ? 'lostFound.resultsAtLeast' : 'lostFound.results', list.items.length, { query: isolate(query) })
      : list.failed
        ? ''
        : t('lostFound.searching');

  const postSection = (
    <section key="form" className="card board-form" aria-labelledby={`${id}-form-title`}>
      <h2 id={`${id}-form-title`}>{t('lostFound.formTitle')}</h2>
      <p className="note">{t('lostFound.privacyNote')}</p>
      <MissingPersonForm
        variant="inline"
        lang={lang}
        t={t}
        prefill={prefill}
        onPosted={(created) => {
          setPosted(true);
          // The new post shows where it belongs: on top of the newest.
          setTyped('');
          setQuery('');
          list.setItems((shown) => [created, ...(shown ?? []).filter((post) => post.id !== created.id)]);
        }}
      />
      <MyPostsLink lang={lang} label={t('help.myPosts')} posted={posted} />
    </section>
  );
  const listSection = (
    <section key="list" className="board-list" aria-labelledby={`${id}-list-title`} aria-busy={list.loading}>
      {children}
      <h2 id={`${id}-list-title`}>{t(query ? 'lostFound.searchTitle' : 'lostFound.listTitle')}</h2>
      <p className="search-status" role="status" aria-live="polite">
        {status}
      </p>
      <ListStates
        key={path}
        list={list}
        t={t}
        firstShown={path === first?.path ? first.shown : undefined}
        board={query ? undefined : { path: localizePath('/lost-found', lang), county }}
        empty={
          query ? (
            <div className="card no-match">
              <p>{t('lostFound.noMatch')}</p>
              <p className="no-match-actions">
                <button className="button" type="button" onClick={() => setPrefill({ name: query })}>
                  {t('lostFound.noMatchPost')}
                </button>
                <a className="more-link" href={localizePath('/submit-missing', lang)}>
                  {t('lostFound.noMatchForm')}
                </a>
              </p>
            </div>
          ) : (
            t('lostFound.empty')
          )
        }
      >
        {(posts) => (
          <ul className="posts">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} lang={lang} t={t} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );

  return (
    <div className="board has-search">
      <form
        id="search"
        className="card field board-search"
        role="search"
        method="post"
        action="/api/lost-found/search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <input type="hidden" name="lang" value={lang} />
        <label htmlFor={`${id}-q`}>{t('lostFound.searchLabel')}</label>
        <div className="search-row">
          <input ref={input} id={`${id}-q`} name="q" type="search" maxLength={LIMITS.query} autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <button className="button" type="submit">
            {t('lostFound.searchButton')}
          </button>
          {(typed || query) && (
            <button className="link-button" type="button" onClick={clear}>
              {t('lostFound.searchClear')}
            </button>
          )}
        </div>
      </form>
      {/* While searching, the results come right under the box: on a phone the post form would push them a screen away. */}
      {query ? [listSection, postSection] : [postSection, listSection]}
    </div>
  );
}

function PostCard({ post, lang, t }: { post: LostFoundPost; lang: Lang; t: ReturnType<typeof messageFn> }) {
  const facts = recordFacts(post, lang);
  return (
    <li className="card post">
      {post.photoUrl ? (
        <img className="post-photo" src={post.photoUrl} alt={t('lostFound.photoOf', { name: post.name })} width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <div className="post-photo placeholder" aria-hidden="true">
          {facts.initial}
        </div>
      )}
      <div className="post-body">
        <h3>
          <a href={personPath(post.id, lang)}>
            <bdi>{post.name}</bdi>
          </a>{' '}
          {post.status === 'found' && <span className="badge done">{t(facts.badge.key)}</span>}{' '}
          {post.sample && (
            <span className="badge" title={t('common.sampleNote')}>
              {t('common.sample')}
            </span>
          )}
        </h3>
        {facts.match && <p className="post-match note">{t(facts.match.key, facts.match.vars)}</p>}
        {(facts.lastSeen.city || facts.lastSeen.date) && (
          <p className="post-meta">
            <span className="label">{t('lostFound.lastSeen')}:</span> {facts.lastSeen.city && <bdi>{facts.lastSeen.city}</bdi>}
            {facts.lastSeen.city && facts.lastSeen.date && ' · '}
            {facts.lastSeen.date}
          </p>
        )}
        {post.description && (
          <p className="post-description" dir="auto">
            {post.description}
          </p>
        )}
        <div className="post-contact">
          {takesMessages(post) ? (
            <a className="button secondary" href={`${personPath(post.id, lang)}#message`}>
              {t('relay.button')}
            </a>
          ) : (
            <RevealContact board="lost-found" id={post.id} kind={post.contactKind!} lang={lang} t={t} />
          )}
        </div>
        <p className="post-posted note">
          {t('lostFound.posted')} {facts.posted}
        </p>
      </div>
    </li>
  );
}
