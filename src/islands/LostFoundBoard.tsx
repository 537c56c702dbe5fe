import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { LostFoundPost } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { api } from '../lib/api.ts';
import { contactLink, formatDate } from '../lib/format.ts';
import { $liveEvent } from '../lib/live-store.ts';
import { MissingPersonForm } from './MissingPersonForm.tsx';
import { MyPostsLink } from './MyPostsLink.tsx';

const PAGE = 20;

/** The lost-and-found board: the post form and the list of recent posts, newest first. */
export default function LostFoundBoard({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [posts, setPosts] = useState<LostFoundPost[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [posted, setPosted] = useState(false);
  const loadedOnce = useRef(false);
  const id = useId();

  const load = useCallback(async (before?: string) => {
    setLoadFailed(false);
    try {
      const query = `?limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const page = await api<LostFoundPost[]>(`/api/lost-found${query}`);
      setPosts((shown) => (before ? [...(shown ?? []), ...page] : mergeNewest(page, shown)));
      // A live refresh of the first page leaves the "Show more" state as the reader left it.
      if (before || !loadedOnce.current) setHasMore(page.length === PAGE);
      loadedOnce.current = true;
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    // A post made anywhere shows up here without a reload.
    return $liveEvent.listen((event) => {
      if (event?.event === 'new-missing-person') void load();
    });
  }, [load]);

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>{t('lostFound.formTitle')}</h2>
        <p className="note">{t('lostFound.privacyNote')}</p>
        <MissingPersonForm
          variant="inline"
          lang={lang}
          t={t}
          onPosted={(created) => {
            setPosted(true);
            setPosts((shown) => [created, ...(shown ?? []).filter((post) => post.id !== created.id)]);
          }}
        />
        <MyPostsLink lang={lang} label={t('help.myPosts')} posted={posted} />
      </section>

      <section className="board-list" aria-labelledby={`${id}-list-title`} aria-busy={posts === null && !loadFailed}>
        <h2 id={`${id}-list-title`}>{t('lostFound.listTitle')}</h2>
        {loadFailed ? (
          <div className="card">
            <p>{t('common.loadFailed')}</p>
            <button className="button secondary" type="button" onClick={() => void load()}>
              {t('common.retry')}
            </button>
          </div>
        ) : posts === null ? (
          <p className="note">{t('common.loading')}</p>
        ) : posts.length === 0 ? (
          <p className="card empty">{t('lostFound.empty')}</p>
        ) : (
          <ul className="posts">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} lang={lang} t={t} />
            ))}
          </ul>
        )}
        {hasMore && !loadFailed && posts && (
          <button className="button secondary" type="button" onClick={() => void load(posts.at(-1)?.createdAt)}>
            {t('common.loadMore')}
          </button>
        )}
      </section>
    </div>
  );
}

/** The newest page merged into what is shown, so posts loaded with "Show more" stay. */
function mergeNewest(page: LostFoundPost[], shown: LostFoundPost[] | null): LostFoundPost[] {
  const ids = new Set(page.map((post) => post.id));
  return [...page, ...(shown ?? []).filter((post) => !ids.has(post.id))].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function PostCard({ post, lang, t }: { post: LostFoundPost; lang: Lang; t: ReturnType<typeof messageFn> }) {
  const contact = post.contact ? contactLink(post.contact) : null;
  const lastSeen = [post.lastSeenCity, post.lastSeenDate && formatDate(post.lastSeenDate, lang)].filter(Boolean).join(' · ');
  return (
    <li className="card post">
      {post.photoUrl ? (
        <img className="post-photo" src={post.photoUrl} alt={t('lostFound.photoOf', { name: post.name })} width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <div className="post-photo placeholder" aria-hidden="true">
          {post.name.trim().charAt(0).toUpperCase()}
        </div>
      )}
      <div className="post-body">
        <h3>
          <bdi>{post.name}</bdi>{' '}
          {post.status === 'found' && <span className="badge done">{t('lostFound.found')}</span>}{' '}
          {post.sample && (
            <span className="badge" title={t('common.sampleNote')}>
              {t('common.sample')}
            </span>
          )}
        </h3>
        {lastSeen && (
          <p className="post-meta">
            <span className="label">{t('lostFound.lastSeen')}:</span> <bdi>{lastSeen}</bdi>
          </p>
        )}
        {post.description && (
          <p className="post-description" dir="auto">
            {post.description}
          </p>
        )}
        {contact && post.contact && (
          <p className="post-contact">
            {contact.href && (
              <a className="button secondary" href={contact.href} {...(contact.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {contact.kind === 'email' ? t('lostFound.email') : t('lostFound.contactButton')}
              </a>
            )}{' '}
            <bdi className="contact-value">{post.contact}</bdi>
          </p>
        )}
        <p className="post-posted note">
          {t('lostFound.posted')} {formatDate(post.createdAt, lang)}
        </p>
      </div>
    </li>
  );
}
