import { useCallback, useEffect, useState } from 'react';
import type { AssistanceResponse, AssistanceRequest, LostFoundPost, SurplusOffer } from '../contract/index.ts';
import { localizePath, type Lang } from '../i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { api, ApiError, failureCause } from '../lib/api.ts';
import { contactLink } from '../lib/format.ts';
import { forgetPost, manageLink, myPosts, parseManageFragment, POST_API, rememberPost, type MyPost, type MyPostKind } from '../lib/my-posts.ts';
import { relativeTime } from '../lib/relative-time.ts';
import { showToast } from '../lib/toast.ts';

type T = ReturnType<typeof messageFn>;
type Managed = { post: AssistanceRequest | SurplusOffer | LostFoundPost; responses: AssistanceResponse[] };

/** What "done" means for each kind of post. */
const DONE: Record<MyPostKind, { status: string; action: MessageKey }> = {
  request: { status: 'fulfilled', action: 'manage.markFulfilled' },
  offer: { status: 'taken', action: 'manage.markTaken' },
  missing: { status: 'found', action: 'manage.markFound' },
};

const call = <R,>(post: MyPost, method: string, path = '', body?: unknown) =>
  api<R>(`${POST_API[post.kind]}/${post.id}${path}`, { method, headers: { authorization: `Bearer ${post.token}` }, body: body === undefined ? undefined : JSON.stringify(body) });

/**
 * /manage: the posts made from this device (or opened from a private manage link), their answers,
 * and the poster's actions: mark done, delete, copy the link to manage it elsewhere.
 */
export default function MyPosts({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages, lang);
  const [posts, setPosts] = useState<MyPost[] | null>(null);

  useEffect(() => {
    const linked = parseManageFragment(location.hash);
    if (linked) {
      // The secret leaves the address bar and the history; this device now keeps it.
      history.replaceState(null, '', location.pathname);
      if (!myPosts().some((post) => post.id === linked.id)) {
        rememberPost({ ...linked, title: '', createdAt: new Date().toISOString() });
        showToast({ title: t('manage.added'), variant: 'success' });
      }
    }
    setPosts(myPosts());
  }, []);

  const forget = useCallback((id: string) => {
    forgetPost(id);
    setPosts(myPosts());
  }, []);

  if (!posts) return <p className="note">{t('common.loading')}</p>;
  if (!posts.length) {
    return (
      <div className="card stack">
        <p className="empty">{t('manage.empty')}</p>
        <div className="cta-buttons">
          <a className="button" href={`${localizePath('/', lang)}#help-boxes`}>
            {t('manage.postHelp')}
          </a>
          <a className="button secondary" href={localizePath('/submit-missing', lang)}>
            {t('home.cardMissing')}
          </a>
        </div>
      </div>
    );
  }
  return (
    <ul className="my-posts">
      {posts.map((post) => (
        <MyPostCard key={post.id} post={post} lang={lang} t={t} onForget={() => forget(post.id)} />
      ))}
    </ul>
  );
}

function MyPostCard({ post, lang, t, onForget }: { post: MyPost; lang: Lang; t: T; onForget: () => void }) {
  const [managed, setManaged] = useState<Managed | 'gone' | 'failed' | null>(null);
  const [pending, setPending] = useState(false);

  const load = useCallback(async () => {
    try {
      const found = await call<Managed>(post, 'GET', '/manage');
      setManaged(found);
      const title = 'title' in found.post ? found.post.title : found.post.name;
      if (title !== post.title) rememberPost({ ...post, title, createdAt: found.post.createdAt });
    } catch (error) {
      setManaged(error instanceof ApiError && (error.status === 404 || error.status === 403) ? 'gone' : 'failed');
    }
  }, [post]);
  useEffect(() => void load(), [load]);

  async function act(method: 'PATCH' | 'DELETE') {
    if (method === 'DELETE' && !confirm(t('manage.confirmDelete'))) return;
    setPending(true);
    try {
      await call(post, method, '', method === 'PATCH' ? { status: DONE[post.kind].status } : undefined);
      showToast({ title: t(method === 'PATCH' ? 'manage.updated' : 'manage.deleted'), variant: 'success' });
      if (method === 'DELETE') onForget();
      else await load();
    } catch (error) {
      showToast({ title: t('manage.failed'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(manageLink(post));
      showToast({ title: t('manage.linkCopied'), variant: 'success' });
    } catch {
      prompt(t('manage.copyLink'), manageLink(post));
    }
  }

  const kind = t(`manage.kind.${post.kind}` as MessageKey);
  if (managed === 'gone') {
    return (
      <li className="card my-post">
        <p className="note">{kind}</p>
        {post.title && (
          <h2>
            <bdi>{post.title}</bdi>
          </h2>
        )}
        <p>{t('manage.gone')}</p>
        <button type="button" className="button secondary" onClick={onForget}>
          {t('manage.forget')}
        </button>
      </li>
    );
  }
  const shown = managed && managed !== 'failed' ? managed : null;
  const status = shown?.post.status;
  const open = status === 'active' || status === 'available' || status === 'missing';
  return (
    <li className="card my-post" aria-busy={!managed}>
      <p className="note">
        {kind}
        {status && (
          <>
            {' '}
            <span className={`badge ${open ? '' : 'done'}`}>{t(`manage.status.${status}` as MessageKey)}</span>
          </>
        )}
        {shown && <> · {relativeTime(shown.post.createdAt, lang, t)}</>}
      </p>
      <h2>
        <bdi>{shown ? ('title' in shown.post ? shown.post.title : shown.post.name) : post.title}</bdi>
      </h2>
      {managed === 'failed' && <p className="note">{t('common.loadFailed')}</p>}
      {shown && post.kind !== 'missing' && (
        <section className="my-post-answers">
          <h3>{t('manage.responses')}</h3>
          {shown.responses.length === 0 ? (
            <p className="note">{t('manage.noResponses')}</p>
          ) : (
            <ul>
              {shown.responses.map((answer) => {
                const contact = contactLink(answer.responderContact);
                return (
                  <li key={answer.id}>
                    <p>
                      <strong>
                        <bdi>{answer.responderName}</bdi>
                      </strong>{' '}
                      <span className="note">{relativeTime(answer.createdAt, lang, t)}</span>
                    </p>
                    <p dir="auto">{answer.message}</p>
                    <p>
                      {contact.href ? (
                        <a href={contact.href}>
                          <bdi>{answer.responderContact}</bdi>
                        </a>
                      ) : (
                        <bdi>{answer.responderContact}</bdi>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
      <div className="my-post-actions">
        {open && (
          <button type="button" className="button" disabled={pending} onClick={() => void act('PATCH')}>
            {t(DONE[post.kind].action)}
          </button>
        )}
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {t('manage.copyLink')}
        </button>
        <button type="button" className="button danger" disabled={pending} onClick={() => void act('DELETE')}>
          {t('manage.delete')}
        </button>
      </div>
      <p className="hint">{t('manage.linkNote')}</p>
    </li>
  );
}
