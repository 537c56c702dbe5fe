import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import type { DeskReport, ResponderAction, ResponderSession } from '../../common/contract/responders.ts';
import { LIMITS } from '../../common/contract/limits.ts';
import { api, ApiError, failureCause, postJson } from '../../client/api.ts';
import { createPasskey, signInWithPasskey } from '../../client/passkeys.ts';
import { showToast } from '../../client/toast.ts';
import { formatDateTime } from '../../common/format.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS } from '../../common/i18n/values.ts';
import { useLiveList } from '../shared/use-list.ts';
import { placeOf, StateNote, TrustBadge } from '../alerts/AlertCard.tsx';

type T = ReturnType<typeof messageFn>;

/** The four acts, in the order a responder meets them: on the way, then what they found. */
const ACTS: [ResponderAction, MessageKey][] = [
  ['going', 'respond.going'],
  ['verified', 'respond.verified'],
  ['false-alarm', 'respond.falseAlarm'],
  ['over', 'respond.over'],
];
const ACT_KEYS = Object.fromEntries(ACTS) as Record<ResponderAction, MessageKey>;

/** What the server's refusal of an invite or a passkey means, in the page's language. */
const PROBLEMS: Record<string, MessageKey> = {
  invite_used: 'respond.inviteUsed',
  invite_expired: 'respond.inviteExpired',
  invite_unknown: 'respond.inviteUnknown',
  responder_paused: 'respond.paused',
};
const problemOf = (error: unknown): MessageKey => (error instanceof ApiError && PROBLEMS[error.code]) || 'respond.passkeyFailed';

/** The invite token a moderator's link carries in its fragment (#invite=...), which no server sees. */
const inviteToken = () => new URLSearchParams(location.hash.slice(1)).get('invite');

/**
 * /respond: a rapid responder's desk. An invite link makes a passkey on this phone; the passkey
 * signs in; then the open reports of the responder's counties, newest first and live, each with
 * four one-tap acts and an optional short public note.
 */
export default function Respond({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages, lang);
  const [me, setMe] = useState<ResponderSession | null | undefined>(undefined);
  const [invite, setInvite] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<MessageKey | null>(null);

  useEffect(() => {
    const token = inviteToken();
    if (token) {
      setInvite(token);
      // The link's secret leaves the address bar (and the history) once read.
      history.replaceState(null, '', location.pathname + location.search);
    }
    api<ResponderSession>('/api/respond/session')
      .then(setMe)
      .catch((error) => {
        if (error instanceof ApiError && error.code === 'responder_paused') setProblem('respond.paused');
        setMe(null);
      });
  }, []);

  async function passkey(kind: 'invite' | 'sign-in') {
    setBusy(true);
    setProblem(null);
    try {
      let session: ResponderSession;
      if (kind === 'invite') {
        session = await createPasskey<ResponderSession>({ options: '/api/respond/invite/options', verify: '/api/respond/invite/verify' }, { token: invite });
        setInvite(null);
      } else {
        session = await signInWithPasskey<ResponderSession>({ options: '/api/respond/sign-in/options', verify: '/api/respond/sign-in/verify' });
      }
      setMe(session);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function signOut() {
    await api('/api/respond/session', { method: 'DELETE' }).catch(() => undefined);
    setMe(null);
  }

  if (me === undefined) return <p className="note">{t('common.loading')}</p>;
  if (!me)
    return (
      <section className="card respond-gate">
        <h2>{t(invite ? 'respond.inviteTitle' : 'respond.signInTitle')}</h2>
        <p>{t(invite ? 'respond.inviteLead' : 'respond.signInLead')}</p>
        {problem && (
          <p className="form-error" role="alert">
            {t(problem)}
          </p>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => void passkey(invite ? 'invite' : 'sign-in')}>
          {t(invite ? 'respond.makePasskey' : 'respond.signIn')}
        </button>
      </section>
    );
  return <Desk me={me} lang={lang} t={t} onSignOut={() => void signOut()} onEnded={() => setMe(null)} />;
}

function Desk({ me, lang, t, onSignOut, onEnded }: { me: ResponderSession; lang: Lang; t: T; onSignOut: () => void; onEnded: () => void }) {
  const list = useLiveList<DeskReport>('/api/respond/reports', 'emergency-alert', { changes: 'alert-state' });
  useEffect(() => {
    // The list failed: if the session ended (expired, paused, removed), back to the passkey.
    if (list.failed)
      api('/api/respond/session').catch((error) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onEnded();
      });
  }, [list.failed, onEnded]);
  return (
    <>
      <section className="card respond-me">
        <p>
          <strong>
            <bdi>{me.name}</bdi>
          </strong>{' '}
          · <bdi>{me.network}</bdi>
        </p>
        <p className="note">{t('respond.counties', { counties: me.counties.join(', ') })}</p>
        <button type="button" className="button secondary small" onClick={onSignOut}>
          {t('respond.signOut')}
        </button>
      </section>
      {list.loading ? (
        <p className="note">{t('common.loading')}</p>
      ) : !list.items?.length ? (
        <p className="note">{t('respond.empty')}</p>
      ) : (
        <ul className="alerts respond-reports">
          {list.items.map((report) => (
            <Report
              key={report.id}
              report={report}
              lang={lang}
              t={t}
              onChange={(updated) => list.setItems((items) => (items ?? []).map((item) => (item.id === updated.id ? updated : item)))}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function Report({ report, lang, t, onChange }: { report: DeskReport; lang: Lang; t: T; onChange: (report: DeskReport) => void }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<ResponderAction | null>(null);

  async function act(action: ResponderAction) {
    setSending(action);
    try {
      const updated = await postJson<DeskReport>(`/api/respond/reports/${encodeURIComponent(report.id)}`, { action, note });
      onChange({ ...updated, acts: [{ action, note: note.trim() || null, by: t('respond.you'), at: new Date().toISOString() }, ...report.acts] });
      setNote('');
      showToast({ title: t('respond.saved'), description: t(ACT_KEYS[action]), variant: 'success' });
    } catch (error) {
      // What was typed stays in the box.
      showToast({ title: t('respond.notSaved'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setSending(null);
    }
  }

  return (
    <li className="card alert respond-report" data-alert-id={report.id}>
      <div className="alert-badges">
        <span className="badge type">{t(ALERT_TYPE_KEYS[report.type])}</span>
        <TrustBadge alert={report} t={t} />
      </div>
      <h3>
        <bdi>{placeOf(report)}</bdi>
      </h3>
      {report.activity && <p className="alert-activity">{t(ACTIVITY_KEYS[report.activity] ?? 'activity.other')}</p>}
      <p className="alert-details" dir="auto">
        {report.details}
      </p>
      <StateNote alert={report} />
      <p className="note">
        {t('alerts.posted')} {formatDateTime(report.createdAt, lang)} · {t.count('alerts.confirmations', report.confirmations)}
      </p>
      {report.acts.length > 0 && (
        <ul className="respond-acts note">
          {report.acts.map((done) => (
            <li key={done.at + done.by + done.action}>
              <bdi>{done.by}</bdi>: {t(ACT_KEYS[done.action])} · {formatDateTime(done.at, lang)}
              {done.note && (
                <>
                  {' · '}
                  <bdi>{done.note}</bdi>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="field respond-note">
        <label htmlFor={noteId}>{t('respond.note')}</label>
        <input id={noteId} type="text" maxLength={LIMITS.responderNote} value={note} onChange={(event) => setNote(event.target.value)} dir="auto" />
      </div>
      <div className="respond-actions">
        {ACTS.map(([action, key]) => (
          <button key={action} type="button" className={`button small${action === 'false-alarm' ? ' secondary' : ''}`} disabled={sending !== null} onClick={() => void act(action)}>
            {t(key)}
          </button>
        ))}
      </div>
    </li>
  );
}
