import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LostFoundPost } from '../contract/index.ts';
import { LIMITS } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { api, postJson } from '../lib/api.ts';
import { contactLink, formatDate } from '../lib/format.ts';
import { $liveEvent } from '../lib/live-store.ts';
import { expectOwnEvent } from '../lib/own-posts.ts';
import { showToast } from '../lib/toast.ts';

const PAGE = 20;
const EMPTY_FORM = { name: '', lastSeenCity: '', lastSeenDate: '', description: '', contact: '' };
type Form = typeof EMPTY_FORM;

const today = () => new Date().toLocaleDateString('en-CA');

/** The lost-and-found board: the post form and the list of recent posts, newest first. */
export default function LostFoundBoard({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [pending, setPending] = useState(false);
  const [nameInvalid, setNameInvalid] = useState(false);
  const [posts, setPosts] = useState<LostFoundPost[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
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

  const change = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'name') setNameInvalid(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.name.trim()) {
      setNameInvalid(true);
      nameRef.current?.focus();
      showToast({ title: t('lostFound.nameRequired'), description: t('lostFound.nameRequiredText'), variant: 'destructive' });
      return;
    }
    setPending(true);
    // The room may echo the post back before its response arrives, so say so before sending.
    expectOwnEvent({ event: 'new-missing-person', data: { name: form.name.trim(), lastSeenCity: form.lastSeenCity.trim() || null } });
    try {
      const created = await postJson<LostFoundPost>('/api/lost-found', form);
      setForm(EMPTY_FORM);
      setPosts((shown) => [created, ...(shown ?? []).filter((post) => post.id !== created.id)]);
      showToast({ title: t('lostFound.success'), variant: 'success' });
    } catch {
      showToast({ title: t('lostFound.errorTitle'), description: t('lostFound.errorText'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof Form) => ({ id: `${id}-${name}`, name, value: form[name], onChange: change(name) });

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>{t('lostFound.formTitle')}</h2>
        <p className="note">{t('lostFound.privacyNote')}</p>
        <form className="form-grid" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              {t('lostFound.name')} <span className="required-mark" aria-hidden="true">*</span>
            </label>
            <input {...field('name')} ref={nameRef} autoComplete="off" maxLength={LIMITS.name} aria-required="true" aria-invalid={nameInvalid || undefined} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-lastSeenCity`}>{t('lostFound.lastSeenCity')}</label>
            <input {...field('lastSeenCity')} autoComplete="off" maxLength={LIMITS.city} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-lastSeenDate`}>{t('lostFound.lastSeenDate')}</label>
            <input {...field('lastSeenDate')} type="date" max={today()} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>{t('lostFound.description')}</label>
            <textarea {...field('description')} maxLength={LIMITS.description} aria-describedby={`${id}-description-hint`} />
            <span className="hint" id={`${id}-description-hint`}>{t('lostFound.descriptionHint')}</span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-contact`}>{t('lostFound.contact')}</label>
            <input {...field('contact')} autoComplete="off" maxLength={LIMITS.contact} aria-describedby={`${id}-contact-hint`} />
            <span className="hint" id={`${id}-contact-hint`}>{t('lostFound.contactHint')}</span>
          </div>
          <button className="button" type="submit" disabled={pending}>
            {pending ? t('lostFound.submitting') : t('lostFound.submit')}
          </button>
        </form>
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
