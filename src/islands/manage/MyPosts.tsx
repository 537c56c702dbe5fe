import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { aNumberDigits } from '../../common/contract/detention.ts';
import { LOST_FOUND_DAYS, type FoundAs } from '../../common/contract/limits.ts';
import type { AssistanceResponse, AssistanceRequest, LostFoundManage, OwnHelpPost, PrivateFacts, SurplusOffer } from '../../common/contract/index.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import { api, ApiError, call, failureCause } from '../../client/api.ts';
import { contactKindOf, contactLink, formatDate, isolate, personPath } from '../../common/format.ts';
import { $liveEvent } from '../../client/live/store.ts';
import { expiresSoon, forgetPost, manageLink, myPosts, parseManageFragment, POST_API, rememberPost, type MyPost } from '../../client/my-posts.ts';
import type { MyPostKind } from '../../common/forms/kit.ts';
import { relativeTime } from '../../common/relative-time.ts';
import { showToast } from '../../client/toast.ts';
import { PersonNote } from '../lost-found/PersonNote.tsx';
import BirthCountrySelect from '../shared/BirthCountrySelect.tsx';
import { LocatorCard } from '../shared/LocatorCard.tsx';
import { CodeField } from '../shared/CodeField.tsx';
import { browserPush } from '../../client/live/push.ts';

type T = ReturnType<typeof messageFn>;
type Managed = { post: OwnHelpPost<AssistanceRequest | SurplusOffer>; responses: AssistanceResponse[] } | LostFoundManage;

/** What "done" means for each kind of post. */
const DONE: Record<MyPostKind, { status: string; action: MessageKey }> = {
  request: { status: 'fulfilled', action: 'manage.markFulfilled' },
  offer: { status: 'taken', action: 'manage.markTaken' },
  missing: { status: 'found', action: 'manage.markFound' },
};

/** The owner's other ways of saying a missing person was found. */
const FOUND_ACTIONS: Record<FoundAs, MessageKey> = { detained: 'manage.markFoundDetained', released: 'manage.markFoundReleased' };

const manage = <R,>(post: MyPost, method: string, path = '', body?: unknown) =>
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
      const found = await manage<Managed>(post, 'GET', '/manage');
      setManaged(found);
      const title = 'title' in found.post ? found.post.title : found.post.name;
      if (title !== post.title) rememberPost({ ...post, title, createdAt: found.post.createdAt });
    } catch (error) {
      setManaged(error instanceof ApiError && (error.status === 404 || error.status === 403) ? 'gone' : 'failed');
    }
  }, [post]);
  useEffect(() => void load(), [load]);
  // A note left on this record while the page is open: its toast comes from the live room (live-toasts.ts), the note from here.
  useEffect(
    () =>
      post.kind === 'missing'
        ? $liveEvent.listen((event) => {
            if (event?.event === 'new-missing-person-note' && event.data.postId === post.id) void load();
          })
        : undefined,
    [post, load],
  );

  /** Marks the post done (a missing person found, perhaps detained or released), or deletes it. */
  async function act(method: 'PATCH' | 'DELETE', foundAs?: FoundAs) {
    if (method === 'DELETE' && !confirm(t('manage.confirmDelete'))) return;
    setPending(true);
    try {
      await manage(post, method, '', method === 'PATCH' ? { status: DONE[post.kind].status, ...(foundAs ? { foundAs } : {}) } : undefined);
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
  const foundAs = shown && 'foundAs' in shown.post ? shown.post.foundAs : null;
  return (
    <li className="card my-post" aria-busy={!managed}>
      <p className="note">
        {kind}
        {status && (
          <>
            {' '}
            <span className={`badge ${open ? '' : 'done'}`}>{t(foundAs ? FOUND_ACTIONS[foundAs] : (`manage.status.${status}` as MessageKey))}</span>
          </>
        )}
        {shown && <> · {relativeTime(shown.post.createdAt, lang, t)}</>}
      </p>
      <h2>
        <bdi>{shown ? ('title' in shown.post ? shown.post.title : shown.post.name) : post.title}</bdi>
      </h2>
      {managed === 'failed' && <p className="note">{t('common.loadFailed')}</p>}
      {shown && 'notes' in shown && (
        <OwnRecord record={shown} token={post.token} lang={lang} t={t} renewed={(expiresAt) => setManaged({ ...shown, expiresAt })}>
          <Reach post={post} shown={shown} lang={lang} t={t} reload={load} />
        </OwnRecord>
      )}
      {shown && !('notes' in shown) && <Reach post={post} shown={shown} lang={lang} t={t} reload={load} />}
      {shown && !('notes' in shown) && (
        <section className="my-post-answers">
          <h3>{t('manage.responses')}</h3>
          <p className="scam-warning" role="note">
            {t('manage.scamWarning')}
          </p>
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
        {open &&
          post.kind === 'missing' &&
          (Object.keys(FOUND_ACTIONS) as FoundAs[]).map((as) => (
            <button key={as} type="button" className="button secondary" disabled={pending} onClick={() => void act('PATCH', as)}>
              {t(FOUND_ACTIONS[as])}
            </button>
          ))}
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

/** Where this device keeps which posts it asked to be notified of: the server knows the device only by its push endpoint. */
const toldKey = (post: MyPost) => `told-of-messages:${post.id}`;

/**
 * How people reach the poster: the contact shown after a check, or hidden (the default) with
 * messages through the site, which the record's owner reads here, each under the scam warning;
 * and whether this phone is notified when someone writes (Web Push to this browser).
 */
function Reach({ post, shown, lang, t, reload }: { post: MyPost; shown: Managed; lang: Lang; t: T; reload: () => Promise<void> }) {
  const id = useId();
  const [told, setTold] = useState(() => localStorage.getItem(toldKey(post)) === '1');
  const [pending, setPending] = useState(false);
  /** A code was texted to the post's number: its field waits for it. */
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const messages = 'messages' in shown ? shown.messages : null;
  const contact = 'contact' in shown.post ? shown.post.contact : shown.post.contactMethod;
  /** What only the owner does here, at /api/owners/BOARD/ID (functions/http/relay.ts). */
  const owner = <R,>(method: string, path: string, body?: unknown) =>
    api<R>(`/api/owners${POST_API[post.kind].slice('/api'.length)}/${encodeURIComponent(post.id)}${path}`, {
      method,
      headers: { authorization: `Bearer ${post.token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function run(work: () => Promise<unknown>) {
    setPending(true);
    try {
      await work();
    } catch (error) {
      showToast({ title: t('manage.failed'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }
  const showContact = (on: boolean) =>
    run(async () => {
      await owner('PUT', '/show-contact', { showContact: on });
      await reload();
    });
  const tell = () =>
    run(async () => {
      const push = await browserPush(!told);
      if (push === 'blocked') return showToast({ title: t('alertsLive.notifyBlocked'), variant: 'destructive' });
      if (!push || push === 'unsupported') return showToast({ title: t('notifications.unsupported'), variant: 'destructive' });
      await owner(told ? 'DELETE' : 'PUT', '/push', told ? { endpoint: push.endpoint } : { ...push, lang });
      localStorage.setItem(toldKey(post), told ? '0' : '1');
      setTold(!told);
    });
  /** Texts of what people write go to the post's number only once its owner enters the code texted to it. */
  const texts = (step: 'ask' | 'confirm' | 'stop') =>
    run(async () => {
      try {
        if (step === 'ask') setCodeSent(!!(await owner('POST', '/texts')));
        if (step === 'confirm') await owner('POST', '/texts/confirm', { code });
        if (step === 'stop') await owner('DELETE', '/texts');
      } catch (error) {
        if (!(error instanceof ApiError) || (error.code !== 'wrong_code' && error.status !== 429)) throw error;
        return showToast({ title: t(error.status === 429 ? 'alertsLive.codesLimitedText' : 'alertsLive.codeErrorText'), variant: 'destructive' });
      }
      if (step !== 'ask') {
        setCodeSent(false);
        setCode('');
        await reload();
      }
    });
  const remove = (messageId: string) =>
    run(async () => {
      await manage(post, 'DELETE', `/messages/${encodeURIComponent(messageId)}`);
      await reload();
    });
  return (
    <section className="my-post-reach" aria-labelledby={messages ? `${id}-reach` : undefined}>
      {messages && <h3 id={`${id}-reach`}>{t('manage.messages')}</h3>}
      <label className="choice-option">
        <input type="checkbox" checked={shown.post.showContact} disabled={pending} onChange={(event) => void showContact(event.currentTarget.checked)} />
        {t('manage.showContact')}
      </label>
      <p className="hint">{t(shown.post.showContact ? 'manage.showContactOn' : 'manage.showContactOff')}</p>
      {contact && contactKindOf(contact) === 'phone' && (
        <div className="my-post-texts">
          {shown.post.relayTexts ? (
            <p>
              {t('manage.textsOn', { phone: isolate(contact) })}{' '}
              <button type="button" className="link-button" disabled={pending} onClick={() => void texts('stop')}>
                {t('manage.textsStop')}
              </button>
            </p>
          ) : !codeSent ? (
            <button type="button" className="button secondary" disabled={pending} onClick={() => void texts('ask')}>
              {t('manage.textMe', { phone: isolate(contact) })}
            </button>
          ) : (
            <form
              className="form-grid"
              onSubmit={(event) => {
                event.preventDefault();
                void texts('confirm');
              }}
            >
              <p className="hint">{t('alertsLive.codeSentText', { phone: isolate(contact) })}</p>
              <CodeField id={`${id}-code`} label={t('alertsLive.code')} value={code} onChange={setCode} />
              <div>
                <button type="submit" className="button" disabled={pending || !code.trim()}>
                  {t('manage.textConfirm')}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
      <p>
        <button type="button" className="button secondary" disabled={pending} onClick={() => void tell()}>
          {t(told ? 'manage.tellPhoneStop' : 'manage.tellPhone')}
        </button>{' '}
        {told && <span className="note">{t('manage.tellPhoneOn')}</span>}
      </p>
      {messages && (
        <>
          <p className="scam-warning" role="note">
            {t('manage.scamWarning')}
          </p>
          {messages.length === 0 ? (
            <p className="note">{t('manage.messagesNone')}</p>
          ) : (
            <ul className="person-notes">
              {messages.map((message) => {
                const reach = message.reach ? contactLink(message.reach) : null;
                return (
                  <li key={message.id} className="person-note">
                    <p className="note">
                      {t('manage.messageFrom', { name: message.name })} · {relativeTime(message.createdAt, lang, t)}
                    </p>
                    <p dir="auto">{message.message}</p>
                    {reach && (
                      <p>
                        <span className="label">{t('manage.messageReach')}:</span>{' '}
                        {reach.href ? (
                          <a href={reach.href} dir="auto">
                            {message.reach}
                          </a>
                        ) : (
                          <bdi>{message.reach}</bdi>
                        )}
                      </p>
                    )}
                    <button type="button" className="link-button" disabled={pending} onClick={() => void remove(message.id)}>
                      {t('manage.deleteMessage')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What only the owner of a missing-person record sees: until when it stays listed (warned in its
 * last days) with the button that extends it, the messages sent to the family (`children`), the
 * facts for a detention search, and the notes people left with their contacts.
 */
function OwnRecord(props: { record: LostFoundManage; token: string; lang: Lang; t: T; renewed: (expiresAt: string) => void; children: ReactNode }) {
  const { record, token, lang, t, renewed, children } = props;
  const id = useId();
  const [pending, setPending] = useState(false);

  async function renew() {
    setPending(true);
    try {
      const { expiresAt } = await call('POST /api/lost-found/:id/renew', undefined, { id: record.post.id, token });
      renewed(expiresAt);
      showToast({ title: t('manage.renewed', { date: formatDate(expiresAt, lang) }), variant: 'success' });
    } catch (error) {
      showToast({ title: t('manage.failed'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }

  const soon = expiresSoon(record.expiresAt);
  return (
    <>
      <div className={`record-expiry${soon ? ' soon' : ''}`}>
        <p>
          <strong>{t('manage.listedUntil', { date: formatDate(record.expiresAt, lang) })}</strong>
        </p>
        <p className="hint">{t(soon ? 'manage.expiresSoon' : 'manage.expiryHint')}</p>
        <button type="button" className={`button ${soon ? '' : 'secondary'}`} disabled={pending} onClick={() => void renew()}>
          {t('manage.renew', { days: LOST_FOUND_DAYS })}
        </button>
      </div>
      <p>
        <a href={personPath(record.post.id, lang)}>{t('manage.publicPage')}</a>
      </p>
      {children}
      <DetentionFacts record={record} token={token} lang={lang} t={t} />
      <section className="my-post-answers" aria-labelledby={`${id}-notes`}>
        <h3 id={`${id}-notes`}>{t('manage.notes')}</h3>
        <p className="hint">{t('manage.notesPrivate')}</p>
        {record.notes.length === 0 ? (
          <p className="note">{t('manage.noNotes')}</p>
        ) : (
          <ul className="person-notes">
            {record.notes.map((note) => (
              <PersonNote key={note.id} note={note} lang={lang} t={t} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** What each refused field of the facts says, in the page's language. */
const FACT_ERRORS: Record<keyof PrivateFacts, MessageKey> = {
  birthCountry: 'manage.facts.countryInvalid',
  birthDate: 'manage.facts.birthDateInvalid',
  aNumber: 'manage.facts.aNumberInvalid',
};

/**
 * What ICE's detainee locator asks for, kept by the owner for the day it may be needed: sealed on
 * the server, read back only here (PUT /api/lost-found/:id/facts). The countries are named by the
 * phone in the page's language, in that language's order.
 */
function DetentionFacts({ record, token, lang, t }: { record: LostFoundManage; token: string; lang: Lang; t: T }) {
  const id = useId();
  const [facts, setFacts] = useState<PrivateFacts>(record.facts);
  const [errors, setErrors] = useState<Partial<Record<keyof PrivateFacts, MessageKey>>>({});
  const [pending, setPending] = useState(false);
  const set = (field: keyof PrivateFacts) => (event: { currentTarget: { value: string } }) => {
    setFacts({ ...facts, [field]: event.currentTarget.value || null });
    setErrors({ ...errors, [field]: undefined });
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    if (facts.aNumber && !aNumberDigits(facts.aNumber)) {
      setErrors({ aNumber: FACT_ERRORS.aNumber });
      return;
    }
    setPending(true);
    try {
      setFacts(await call('PUT /api/lost-found/:id/facts', facts, { id: record.post.id, token }));
      setErrors({});
      showToast({ title: t('manage.facts.saved'), variant: 'success' });
    } catch (error) {
      const refused = error instanceof ApiError ? (Object.keys(error.fields).filter((field) => field in FACT_ERRORS) as (keyof PrivateFacts)[]) : [];
      if (refused.length) setErrors(Object.fromEntries(refused.map((field) => [field, FACT_ERRORS[field]])));
      else showToast({ title: t('manage.failed'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof PrivateFacts) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : name === 'aNumber' ? `${id}-aNumber-hint` : undefined,
  });
  const error = (name: keyof PrivateFacts) =>
    errors[name] && (
      <p className="field-error" id={`${id}-${name}-error`} role="alert">
        {t(errors[name])}
      </p>
    );
  return (
    <section className="detention-facts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('manage.facts.title')}</h3>
      <p className="hint">{t('manage.facts.lead')}</p>
      <form className="form-grid" onSubmit={(event) => void save(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-birthCountry`}>{t('manage.facts.country')}</label>
          <BirthCountrySelect lang={lang} none={t('manage.facts.countryNone')} {...field('birthCountry')} value={facts.birthCountry ?? ''} onChange={set('birthCountry')} />
          {error('birthCountry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-birthDate`}>{t('manage.facts.birthDate')}</label>
          <input {...field('birthDate')} type="date" min="1900-01-01" max={new Date().toISOString().slice(0, 10)} value={facts.birthDate ?? ''} onChange={set('birthDate')} />
          {error('birthDate')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-aNumber`}>{t('manage.facts.aNumber')}</label>
          <input {...field('aNumber')} inputMode="numeric" autoComplete="off" dir="ltr" maxLength={20} value={facts.aNumber ?? ''} onChange={set('aNumber')} />
          <p className="hint" id={`${id}-aNumber-hint`}>
            {t('manage.facts.aNumberHint')}
          </p>
          {error('aNumber')}
        </div>
        <div>
          <button type="submit" className="button secondary" disabled={pending}>
            {t('manage.facts.save')}
          </button>
        </div>
      </form>
      <LocatorCard name={record.post.name} country={facts.birthCountry} aNumber={facts.aNumber} t={t} />
      <p>
        <a href={localizePath('/detained', lang)}>{t('detained.link')}</a>
      </p>
    </section>
  );
}
