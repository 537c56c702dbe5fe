import { useId, useState } from 'react';
import type { LostFoundPost } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { contactLink, formatDate } from '../lib/format.ts';
import { listUrl } from '../lib/lists.ts';
import { useLiveList } from '../lib/use-list.ts';
import { ListStates } from './ListStates.tsx';
import { MissingPersonForm } from './MissingPersonForm.tsx';
import { MyPostsLink } from './MyPostsLink.tsx';

const PAGE = 20;

const LIST_PATH = '/api/lost-found';
/** The board's first request, asked for with the page (Page's `preload`). */
export const FIRST_PAGE = listUrl(LIST_PATH, PAGE);

/** The lost-and-found board: the post form and the list of recent posts, newest first. */
export default function LostFoundBoard({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages, lang);
  const list = useLiveList<LostFoundPost>(LIST_PATH, 'new-missing-person', { page: PAGE });
  const [posted, setPosted] = useState(false);
  const id = useId();

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
            list.setItems((shown) => [created, ...(shown ?? []).filter((post) => post.id !== created.id)]);
          }}
        />
        <MyPostsLink lang={lang} label={t('help.myPosts')} posted={posted} />
      </section>

      <section className="board-list" aria-labelledby={`${id}-list-title`} aria-busy={list.loading}>
        <h2 id={`${id}-list-title`}>{t('lostFound.listTitle')}</h2>
        <ListStates list={list} t={t} empty={t('lostFound.empty')}>
          {(posts) => (
            <ul className="posts">
              {posts.map((post) => (
                <PostCard key={post.id} post={post} lang={lang} t={t} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>
    </div>
  );
}

function PostCard({ post, lang, t }: { post: LostFoundPost; lang: Lang; t: ReturnType<typeof messageFn> }) {
  const contact = post.contact ? contactLink(post.contact) : null;
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
          <bdi>{post.name}</bdi> {post.status === 'found' && <span className="badge done">{t('lostFound.found')}</span>}{' '}
          {post.sample && (
            <span className="badge" title={t('common.sampleNote')}>
              {t('common.sample')}
            </span>
          )}
        </h3>
        {(post.lastSeenCity || post.lastSeenDate) && (
          <p className="post-meta">
            <span className="label">{t('lostFound.lastSeen')}:</span> {post.lastSeenCity && <bdi>{post.lastSeenCity}</bdi>}
            {post.lastSeenCity && post.lastSeenDate && ' · '}
            {post.lastSeenDate && formatDate(post.lastSeenDate, lang)}
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
