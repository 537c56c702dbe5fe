import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType, type FocusEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { AssistanceRequest, SurplusOffer } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import type { BoardStart } from '../../client/lists.ts';
import { relativeTime } from '../../common/relative-time.ts';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';
import { ListStates } from '../shared/ListStates.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { MyPostsLink } from '../manage/MyPostsLink.tsx';
import { RevealContact } from '../shared/RevealContact.tsx';

/**
 * A form that loads when its dialog first opens (a tap), not with the boxes. Offline before it
 * was ever loaded, the dialog says so instead of breaking the boxes.
 */
// `any` as in React's own `lazy`: the form keeps its props; the stand-in reads only `t`.
function onTap<Form extends ComponentType<any>>(load: () => Promise<Form>) {
  const unavailable = (({ t }: { t: T }) => <p className="note">{t('offline.notice')}</p>) as Form;
  return lazy(async () => ({ default: await load().catch(() => unavailable) }));
}
const HelpPostForm = onTap(() => import('./HelpPostForm.tsx').then((module) => module.HelpPostForm));
const ResponseForm = onTap(() => import('./ResponseForm.tsx').then((module) => module.ResponseForm));

type T = ReturnType<typeof messageFn>;
type Post = AssistanceRequest | SurplusOffer;
type Kind = 'request' | 'offer';

/** Each box's list (the whole of it, of the area chosen). */
export const HELP_LISTS: Record<Kind, string> = { request: '/api/assistance-requests', offer: '/api/surplus-offers' };
/** What the server drew the boxes with. */
type FirstPosts = Record<Kind, BoardStart<Post> | null>;

/** Spec section 9: the boxes show the next post every 4 s. */
const ROTATE_MS = 4000;

const isRequest = (post: Post): post is AssistanceRequest => 'urgency' in post;

/**
 * Whether the person is busy with a box, so it must not turn under them: a mouse over it, the
 * focus in it, or a finger that touched it (until the next touch elsewhere, as a finger never
 * "leaves", or until a dialog opened from it closes). Answers the handlers the box spreads on itself.
 */
function useHold(box: RefObject<HTMLElement | null>, dialogOpen: boolean) {
  const [reasons, setReasons] = useState({ hover: false, focus: false, touch: false });
  const set = (reason: keyof typeof reasons, on: boolean) => setReasons((held) => (held[reason] === on ? held : { ...held, [reason]: on }));

  // A dialog opened from the box was the person's business with it: once it closes, its focused
  // button and the pointer over it gone without a blur or a leave, only a focus still inside the
  // box holds it (a mouse holds it again once it comes back over the box).
  useEffect(() => {
    if (!dialogOpen) setReasons({ hover: false, touch: false, focus: !!box.current?.contains(document.activeElement) });
  }, [dialogOpen, box]);

  useEffect(() => {
    if (!reasons.touch) return;
    const elsewhere = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) set('touch', false);
    };
    document.addEventListener('pointerdown', elsewhere);
    return () => document.removeEventListener('pointerdown', elsewhere);
  }, [reasons.touch, box]);

  return {
    held: reasons.hover || reasons.focus || reasons.touch,
    hold: {
      onPointerEnter: (event: ReactPointerEvent<HTMLElement>) => event.pointerType === 'mouse' && set('hover', true),
      onPointerMove: (event: ReactPointerEvent<HTMLElement>) => event.pointerType === 'mouse' && set('hover', true),
      onPointerLeave: (event: ReactPointerEvent<HTMLElement>) => event.pointerType === 'mouse' && set('hover', false),
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => event.pointerType !== 'mouse' && set('touch', true),
      onFocus: () => set('focus', true),
      onBlur: (event: FocusEvent<HTMLElement>) => !event.currentTarget.contains(event.relatedTarget) && set('focus', false),
    },
  };
}

/**
 * The system's "reduce motion": then nothing turns by itself. Taken as asked until the phone
 * answers, so the page the server draws (and a phone without scripts) shows no turning.
 */
function useReducedMotion() {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const read = () => setReduced(query.matches);
    read();
    query.addEventListener('change', read);
    return () => query.removeEventListener('change', read);
  }, []);
  return reduced;
}

/** What the dialog shows: every post, one post, the answer form for one, or the new-post form. */
type View = { name: 'list' } | { name: 'detail'; post: Post } | { name: 'respond'; post: Post } | { name: 'new' };

/** Home's Help Needed and Free & Available boxes, each with its list, details, answer and post forms. */
export default function HelpBoxes({ lang, messages, first }: { lang: Lang; messages: Messages; first: FirstPosts }) {
  const t = messageFn(messages, lang);
  const [posted, setPosted] = useState(false);
  return (
    <div className="help-boxes">
      <HelpBox kind="request" lang={lang} t={t} first={first.request} onPosted={() => setPosted(true)} />
      <HelpBox kind="offer" lang={lang} t={t} first={first.offer} onPosted={() => setPosted(true)} />
      <MyPostsLink lang={lang} label={t('help.myPosts')} posted={posted} />
    </div>
  );
}

function HelpBox({ kind, lang, t, first, onPosted }: { kind: Kind; lang: Lang; t: T; first: BoardStart<Post> | null; onPosted: () => void }) {
  const request = kind === 'request';
  const list = useLiveList<Post>(countyPath(HELP_LISTS[kind], useBoardCounty(first)), request ? 'new-assistance-request' : 'new-surplus-offer', { first });
  const { items } = list;
  const [shown, setShown] = useState(0);
  const [view, setView] = useState<View | null>(null);
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const { held, hold } = useHold(box, view !== null);
  const reduced = useReducedMotion();
  const count = items?.length ?? 0;
  const current = items?.[shown % Math.max(count, 1)];

  useEffect(() => {
    if (count < 2 || held || reduced || view) return;
    const timer = setInterval(() => setShown((index) => (index + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, held, reduced, view]);

  const answer: MessageKey = request ? 'help.offerHelp' : 'help.contactOwner';
  const title = t(request ? 'help.neededTitle' : 'help.freeTitle');

  return (
    <section className={`card help-box ${kind}`} aria-labelledby={`${id}-title`} ref={box} data-rotating={count > 1 && !held && !reduced && !view ? '' : undefined} {...hold}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ListStates list={list} t={t} inCard screen={Infinity} empty={t(request ? 'help.noRequests' : 'help.noOffers')}>
        {(posts) =>
          current && (
            <>
              <button type="button" className="help-current" onClick={() => setView({ name: 'detail', post: current })}>
                <PostSummary post={current} max={3} lang={lang} t={t} />
              </button>
              {count > 1 && (
                <div className="help-dots">
                  {posts.map((post, index) => (
                    <button
                      key={post.id}
                      type="button"
                      className="help-dot"
                      aria-label={t('help.showItem', { n: index + 1, count })}
                      aria-current={index === shown % count || undefined}
                      onClick={() => setShown(index)}
                    />
                  ))}
                </div>
              )}
            </>
          )
        }
      </ListStates>
      <div className="help-actions">
        {count > 0 && (
          <button type="button" className="button secondary" onClick={() => setView({ name: 'list' })}>
            {t('help.seeAll', { count })}
          </button>
        )}
        <button type="button" className="button" onClick={() => setView({ name: 'new' })}>
          {t(request ? 'help.postNewRequest' : 'help.postNewOffer')}
        </button>
      </div>

      {view && (
        <Dialog
          title={
            view.name === 'list'
              ? t(request ? 'help.allRequests' : 'help.allOffers')
              : view.name === 'new'
                ? t(request ? 'help.requestTitle' : 'help.offerTitle')
                : view.name === 'respond'
                  ? t(request ? 'help.offerHelpTitle' : 'help.contactOwnerTitle', { name: view.post.contactName })
                  : view.post.title
          }
          closeLabel={t('help.close')}
          onClose={() => setView(null)}
        >
          {view.name === 'list' && (
            <ul className="help-list">
              {(items ?? []).map((post) => (
                <li key={post.id} className="help-list-item">
                  <button type="button" className="help-list-open" onClick={() => setView({ name: 'detail', post })}>
                    <PostSummary post={post} max={4} lang={lang} t={t} />
                  </button>
                  <button type="button" className="button small" onClick={() => setView({ name: 'respond', post })}>
                    {t(answer)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {view.name === 'list' && (
            <button type="button" className="button secondary" onClick={() => setView({ name: 'new' })}>
              {t(request ? 'help.postNewRequest' : 'help.postNewOffer')}
            </button>
          )}
          {view.name === 'detail' && <PostDetail post={view.post} lang={lang} t={t} onAnswer={() => setView({ name: 'respond', post: view.post })} answer={t(answer)} />}
          <Suspense fallback={<p className="note">{t('common.loading')}</p>}>
            {view.name === 'respond' && <ResponseForm to={request ? { requestId: view.post.id } : { offerId: view.post.id }} lang={lang} t={t} onSent={() => setView(null)} />}
            {view.name === 'new' && (
              <HelpPostForm
                kind={kind}
                lang={lang}
                t={t}
                onPosted={() => {
                  setView(null);
                  setShown(0);
                  onPosted();
                  void list.reload();
                }}
              />
            )}
          </Suspense>
        </Dialog>
      )}
    </section>
  );
}

/** A post as a box and the list show it, to be opened: up to `max` thumbnails, its title, then what it is, where and when. */
function PostSummary({ post, max, lang, t }: { post: Post; max: number; lang: Lang; t: T }) {
  return (
    <>
      <Previews post={post} max={max} />
      <span className="help-current-title">
        <bdi>{post.title}</bdi>
      </span>
      <PostMeta post={post} lang={lang} t={t} />
    </>
  );
}

/** Up to `max` photo thumbnails, then "+N" for the rest (a video counts as one). */
function Previews({ post, max }: { post: Post; max: number }) {
  const files = post.imageUrls.length + (post.videoUrl ? 1 : 0);
  if (!files) return null;
  const images = post.imageUrls.slice(0, max);
  const rest = files - images.length;
  return (
    <span className="help-previews" aria-hidden="true">
      {images.map((url) => (
        <img key={url} src={url} alt="" width="56" height="56" loading="lazy" decoding="async" />
      ))}
      {rest > 0 && <span className="help-more">+{rest}</span>}
    </span>
  );
}

function PostMeta({ post, lang, t }: { post: Post; lang: Lang; t: T }) {
  return (
    <span className="help-meta">
      {post.sample && <span className="badge">{t('common.sample')}</span>}
      <span className="badge type">{t(`help.category.${post.category}` as MessageKey)}</span>
      {isRequest(post) && <span className={`badge urgency-${post.urgency.toLowerCase()}`}>{t(`help.urgencyShort.${post.urgency}` as MessageKey)}</span>}
      <span className="note">
        {post.city && <bdi>{post.city}</bdi>}
        {post.city && ' · '}
        <time dateTime={post.createdAt} suppressHydrationWarning>
          {relativeTime(post.createdAt, lang, t)}
        </time>
      </span>
    </span>
  );
}

function PostDetail({ post, lang, t, onAnswer, answer }: { post: Post; lang: Lang; t: T; onAnswer: () => void; answer: string }) {
  const rows: [MessageKey, string | null][] = [
    ['help.city', post.city],
    ['help.time', relativeTime(post.createdAt, lang, t)],
    ['help.category', t(`help.category.${post.category}` as MessageKey)],
    isRequest(post) ? ['help.urgency', t(`help.urgency.${post.urgency}` as MessageKey)] : ['help.condition', post.condition && t(`help.condition.${post.condition}` as MessageKey)],
    ['help.availability', isRequest(post) ? null : post.availability],
  ];
  return (
    <div className="help-detail">
      <dl className="help-facts">
        {rows
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      <p className="post-description" dir="auto">
        {post.description}
      </p>
      {(post.imageUrls.length > 0 || post.videoUrl) && (
        <div className="help-media">
          {post.imageUrls.map((url) => (
            <img key={url} src={url} alt="" loading="lazy" decoding="async" />
          ))}
          {post.videoUrl && <video src={post.videoUrl} controls preload="metadata" />}
        </div>
      )}
      <p className="help-poster">
        <span className="label">{t('help.postedBy')}:</span> <bdi>{post.contactName}</bdi>
        <br />
        <span className="label">{t('help.contact')}:</span>{' '}
        {post.showContact ? (
          <RevealContact board={isRequest(post) ? 'assistance-requests' : 'surplus-offers'} id={post.id} kind={post.contactKind} lang={lang} t={t} />
        ) : (
          t('help.contactPrivate')
        )}
      </p>
      <button type="button" className="button" onClick={onAnswer}>
        {answer}
      </button>
    </div>
  );
}
