import { Fragment, useEffect, useRef, useState } from 'react';
import type { LostFoundNote, LostFoundRecord, NoteStatus } from '../../common/contract/index.ts';
import { CALIFORNIA_TIME_ZONE } from '../../common/contract/hours.ts';
import { MAX_PUSH_FOLLOWS } from '../../common/contract/limits.ts';
import type { FormSpec } from '../../common/forms/kit.ts';
import { MESSAGE_FORM, NOTE_FORM } from '../../common/forms/person.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { contactNote, noteFacts } from '../../common/person-notes.ts';
import { recordFacts, takesMessages } from '../../common/person.ts';
import { ApiError, call, failureCause } from '../../client/api.ts';
import { $liveEvent } from '../../client/live/store.ts';
import { browserPush, pushSupported } from '../../client/live/push.ts';
import { shareOrCopy } from '../../client/share.ts';
import { showToast } from '../../client/toast.ts';
import { RevealContact } from '../shared/RevealContact.tsx';
import { FormKeys, useForm } from '../shared/use-form.tsx';

type T = ReturnType<typeof messageFn>;

interface Props {
  lang: Lang;
  messages: Messages;
  /** The record as the server read it for this page; null when it could not (the island asks again). */
  record: LostFoundRecord | null;
  id: string;
  /** The one-time token (functions/http/reveal.ts) that lets the page's contact or message form work once without scripts. */
  token: string | null;
  /** The record is not there (removed, hidden or expired): the page says so, drawn without a script. */
  gone?: boolean;
}

/**
 * /person/ID: one missing person's record, its notes newest first (the one that says someone
 * reached the person shown first), Share, "Notify me" and the note form; the family's contact on
 * a tap or, when they keep it private, the form that sends them a message. The server renders it
 * with the record; the island wakes from that record (no second request) and redraws on a new
 * note, live. Dates are California's on both, so what the server drew is what wakes.
 */
export default function PersonRecord({ lang, messages, record: first, id, token, gone }: Props) {
  const t = messageFn(messages, lang);
  const [record, setRecord] = useState(first);
  const [state, setState] = useState<'record' | 'loading' | 'failed' | 'gone'>(gone ? 'gone' : first ? 'record' : 'loading');
  /** Answers to older requests than the last are dropped: a live refresh never draws an older record over a newer one. */
  const asked = useRef(0);
  const [awake, setAwake] = useState(false);

  const load = async () => {
    const mine = ++asked.current;
    try {
      const fresh = await call('GET /api/lost-found/:id', undefined, { id });
      if (mine !== asked.current) return;
      setRecord(fresh);
      setState('record');
    } catch (error) {
      if (mine !== asked.current) return;
      // A refresh that fails keeps the record shown; one that finds it gone says so.
      if (error instanceof ApiError && error.status === 404) setState('gone');
      else setState((now) => (now === 'record' ? now : 'failed'));
    }
  };

  useEffect(() => {
    setAwake(true);
    if (!first) void load();
    // The board's "Send a message to the family" leads here.
    if (location.hash === '#message') document.getElementById('message')?.focus();
    return $liveEvent.listen((event) => {
      if (event?.event === 'new-missing-person-note' && event.data.postId === id) void load();
    });
  }, []);

  if (state === 'loading') return <p className="note">{t('common.loading')}</p>;
  if (state === 'failed')
    return (
      <section className="card person-state" role="alert">
        <h1>{t('person.title')}</h1>
        <p>{t('person.loadFailed')}</p>
        <button className="button secondary" type="button" onClick={() => void load()}>
          {t('common.retry')}
        </button>
      </section>
    );
  if (state === 'gone' || !record)
    return (
      <section className="card person-state">
        <h1>{t('person.notFound')}</h1>
        <p>{t('person.notFoundText')}</p>
        <a className="button secondary" href={localizePath('/lost-found', lang)}>
          {t('person.toBoard')}
        </a>
      </section>
    );

  const facts = recordFacts(record, lang, CALIFORNIA_TIME_ZONE);
  const reached = contactNote(record.notes);
  const lastSeen = [facts.lastSeen.city && <bdi key="city">{facts.lastSeen.city}</bdi>, facts.lastSeen.date].filter(Boolean);
  return (
    <div className="person">
      <article className="card person-card" aria-labelledby="person-name">
        <div className="person-photo-slot">
          {record.photoUrl ? (
            <img className="post-photo person-photo" src={record.photoUrl} alt={t('lostFound.photoOf', { name: record.name })} width={120} height={120} decoding="async" />
          ) : (
            <div className="post-photo person-photo placeholder" aria-hidden="true">
              {facts.initial}
            </div>
          )}
        </div>
        <div className="person-head">
          <h1 id="person-name">
            <bdi>{record.name}</bdi>
          </h1>
          <p className="person-badges">
            <span className={`badge ${facts.badge.tone}`}>{t(facts.badge.key)}</span>
            {record.sample && (
              <span className="badge" title={t('common.sampleNote')}>
                {t('common.sample')}
              </span>
            )}
          </p>
        </div>
        <div className="person-facts">
          {lastSeen.length > 0 && (
            <p className="post-meta">
              <span className="label">{t('lostFound.lastSeen')}:</span> {lastSeen.flatMap((part, index) => (index ? [' · ', part] : [part]))}
            </p>
          )}
          {record.description && (
            <p className="person-description" dir="auto">
              {record.description}
            </p>
          )}
          {!takesMessages(record) && (
            <div className="post-contact">
              <RevealContact board="lost-found" id={record.id} kind={record.contactKind!} lang={lang} t={t} token={token} />
            </div>
          )}
          <p className="note">
            {t('lostFound.posted')} {facts.posted}
          </p>
        </div>
        <PersonActions t={t} lang={lang} id={id} name={record.name} awake={awake} />
      </article>
      {takesMessages(record) && (
        <section className="card person-message" aria-labelledby="message">
          <h2 id="message" tabIndex={-1}>
            {t('relay.title')}
          </h2>
          <p className="note">{t('relay.lead')}</p>
          <PersonForm
            spec={MESSAGE_FORM}
            lang={lang}
            t={t}
            id={id}
            token={token}
            send={(values) => call('POST /api/lost-found/:id/messages', { name: text(values.name), message: text(values.message), reach: text(values.reach) || null }, { id })}
            failed={(error) => {
              // The family shows their contact now: drawn again, the record offers it (what was typed stays in the form).
              if (error.status === 409) void load();
            }}
          />
        </section>
      )}
      {reached && (
        <section className="person-reached" aria-labelledby="person-reached-title">
          <h2 id="person-reached-title">{t('person.contactMade')}</h2>
          <Note note={reached} t={t} lang={lang} />
        </section>
      )}
      <section className="card person-notes" aria-labelledby="person-notes-title">
        <h2 id="person-notes-title">{t('person.notesTitle')}</h2>
        {record.notes.length === 0 && <p className="note person-no-notes">{t('person.notesNone')}</p>}
        <ul className="person-note-list" aria-live="polite">
          {record.notes.map((note) => (
            <Note key={note.id} note={note} t={t} lang={lang} item />
          ))}
        </ul>
      </section>
      <section className="card person-form" aria-labelledby="person-form-title">
        <h2 id="person-form-title">{t('person.formTitle')}</h2>
        <p className="note">{t('person.formLead')}</p>
        <PersonForm
          spec={NOTE_FORM}
          lang={lang}
          t={t}
          id={id}
          token={null}
          send={(values) =>
            call(
              'POST /api/lost-found/:id/notes',
              {
                authorName: text(values.authorName),
                text: text(values.text),
                status: text(values.status) as NoteStatus,
                // The box counts only with "believed alive" (it is hidden, not emptied, on another choice).
                authorMadeContact: values.authorMadeContact === true && values.status === 'believed_alive',
                lastKnownLocation: text(values.lastKnownLocation) || null,
                contact: text(values.contact) || null,
              },
              { id },
            )
          }
          sent={(note) => setRecord((shown) => (shown && !shown.notes.some((one) => one.id === note.id) ? { ...shown, notes: [note, ...shown.notes] } : shown))}
          failed={(error) => error.status === 404 && setState('gone')}
        />
      </section>
    </div>
  );
}

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : '');

/**
 * Share (the page's own address, never anything typed) and "Notify me about this person" where
 * pushes can reach this browser. They need the page's script: drawn by the server with their room
 * kept but unseen until it wakes (nothing below them moves then), and not at all without scripts
 * (the page's noscript style).
 */
function PersonActions({ t, lang, id, name, awake }: { t: T; lang: Lang; id: string; name: string; awake: boolean }) {
  /** Whether this browser's push subscription follows the record: null until known; 'no' where pushes cannot come. */
  const [following, setFollowing] = useState<boolean | null | 'no'>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) return setFollowing('no');
    void (async () => {
      let follows = false;
      try {
        const push = await browserPush(false);
        if (push === 'unsupported') return setFollowing('no');
        if (push && push !== 'blocked') follows = (await call('POST /api/push/subscriptions/lookup', { endpoint: push.endpoint })).follows.some((record) => record.id === id);
      } catch {
        // Unknown to the server, or offline: offered as not followed.
      }
      setFollowing(follows);
    })();
  }, []);

  const share = async () => {
    const done = await shareOrCopy(name, `${location.origin}${localizePath(`/person/${encodeURIComponent(id)}`, lang)}`);
    if (done === 'copied') showToast({ title: t('person.copied'), variant: 'success' });
    if (done === 'failed') showToast({ title: t('person.shareFailed'), variant: 'destructive' });
  };

  const follow = async () => {
    setBusy(true);
    try {
      const push = await browserPush(!following);
      if (push === 'blocked') return showToast({ title: t('alertsLive.notifyBlocked'), variant: 'destructive' });
      if (!push || push === 'unsupported') return showToast({ title: t('notifications.unsupported'), variant: 'destructive' });
      if (following) {
        await call('DELETE /api/push/follows', { endpoint: push.endpoint, id });
        setFollowing(false);
        showToast({ title: t('person.unfollowed'), variant: 'success' });
      } else {
        await call('POST /api/push/follows', { ...push, lang, id });
        setFollowing(true);
        showToast({ title: t('person.followed'), description: t('person.followedText'), variant: 'success' });
      }
    } catch (error) {
      const full = error instanceof ApiError && error.status === 409;
      showToast({ title: t(full ? 'person.followLimit' : 'person.followFailed', { max: MAX_PUSH_FOLLOWS }), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="person-actions" data-waking={awake ? undefined : ''}>
      <button className="button secondary person-share" type="button" onClick={() => void share()}>
        {t('person.share')}
      </button>
      {following !== 'no' && (
        <button className="button secondary person-follow" type="button" data-waking={following === null ? '' : undefined} disabled={busy} onClick={() => void follow()}>
          {t(following ? 'person.unfollow' : 'person.follow')}
        </button>
      )}
    </div>
  );
}

/** A note: its status, its words, and who wrote it, where they last knew the person to be, and when (California's time). */
function Note({ note, t, lang, item }: { note: LostFoundNote; t: T; lang: Lang; item?: boolean }) {
  const { status, author, lastKnown, when } = noteFacts(note, lang, CALIFORNIA_TIME_ZONE);
  // The author's name isolated inside the sentence that gives it ("From {name}").
  const [before, after] = t('person.noteFrom', { name: '\u0000' }).split('\u0000');
  const about = [
    author && (
      <span key="author">
        {before}
        <bdi>{author}</bdi>
        {after}
      </span>
    ),
    lastKnown && (
      <span key="place">
        {t('person.noteLastKnown')}: <bdi>{lastKnown}</bdi>
      </span>
    ),
    <time key="when" dateTime={note.createdAt}>
      {when}
    </time>,
  ].filter(Boolean);
  const Tag = item ? 'li' : 'div';
  return (
    <Tag className={`person-note${note.status ? ` status-${note.status}` : ''}`} data-note-id={note.id}>
      {status && <p className="person-note-status">{t(status)}</p>}
      <p className="person-note-text" dir="auto">
        {note.text}
      </p>
      <p className="note">{about.flatMap((part, index) => (index ? [' · ', part] : [part]))}</p>
    </Tag>
  );
}

/**
 * A form of the record (a note, a message), field by field from its description, on the one form
 * kit: without scripts it posts to the API, whose result page leads back. "I made contact" goes
 * only with "believed alive": once the script runs, the box is there for that choice only.
 */
function PersonForm<A>(props: {
  spec: FormSpec;
  lang: Lang;
  t: T;
  id: string;
  token: string | null;
  send: (values: Record<string, string | boolean>) => Promise<A>;
  sent?: (answer: A) => void;
  failed?: (error: ApiError) => void;
}) {
  const { spec, lang, t, id, token, send, sent, failed } = props;
  const form = useForm({ spec, t, send, sent: (answer) => sent?.(answer), failed, itemId: id });
  const [awake, setAwake] = useState(false);
  useEffect(() => setAwake(true), []);
  return (
    <form className="form-grid" {...form.form}>
      <FormKeys spec={spec} lang={lang} />
      {spec.fields.map((field) => {
        if (field.kind === 'hidden') return <input key={field.name} type="hidden" name={field.name} value={field.name === 'token' ? (token ?? '') : ''} />;
        if (field.name === 'authorMadeContact' && awake && form.values.status !== 'believed_alive') return null;
        if (field.kind === 'radio')
          return (
            <fieldset key={field.name} className="field" data-field={field.name}>
              <legend>
                {t(field.label)}
                {field.required && (
                  <>
                    {' '}
                    <span className="required-mark" aria-hidden="true">
                      *
                    </span>
                  </>
                )}
              </legend>
              {(field.options ?? []).map((option) => (
                <label key={option} className="choice-option">
                  <input
                    type="radio"
                    name={field.name}
                    value={option}
                    checked={form.values[field.name] === option}
                    onChange={() => form.set(field.name, option)}
                    aria-invalid={form.invalid.includes(field.name) || undefined}
                  />
                  {field.optionLabel ? t(field.optionLabel(option)) : option}
                </label>
              ))}
            </fieldset>
          );
        return <Fragment key={field.name}>{form.row(field.name, field.hint ? { hint: t(field.hint) } : {})}</Fragment>;
      })}
      <button className="button" type="submit" disabled={form.pending}>
        {form.submitLabel}
      </button>
    </form>
  );
}
