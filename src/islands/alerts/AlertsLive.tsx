import { useCallback, useEffect, useId, useState, type MouseEvent } from 'react';
import type { Alert, LiveStats } from '../../common/contract/index.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS } from '../../common/i18n/values.ts';
import { api, call } from '../../client/api.ts';
import { STOP_FORM, SUBSCRIPTION_FORM } from '../../common/forms/text-alerts.ts';
import { actionOf } from '../../common/forms/kit.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';
import { contactLink, isolate } from '../../common/format.ts';
import { $liveConnected, $liveEvent } from '../../client/live/store.ts';
import { relativeTime } from '../../common/relative-time.ts';
import { subscribePush } from '../../client/live/push.ts';
import { forgetTextAlert, rememberTextAlert } from '../../client/text-alerts.ts';
import { shareOrCopy } from '../../client/share.ts';
import { showToast } from '../../client/toast.ts';
import { REFETCH_MS, useLiveList } from '../shared/use-list.ts';
import { placeOf, StateNote, TrustBadge } from './AlertCard.tsx';
import { ListStates } from '../shared/ListStates.tsx';
import type { BoardStart } from '../../client/lists.ts';
import { TextCodeForm } from '../notifications/TextCode.tsx';

type T = ReturnType<typeof messageFn>;

/** Figures with no real source yet stay the spec's fixed sample, marked as such. */
const RESOLVED_TODAY_SAMPLE = 234;

const notificationsGranted = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';

export const LIST_PATH = '/api/alerts';
/** Alerts per request; older ones come with "Show more". */
export const PAGE = 20;

/** /alerts-live: who is watching, text and browser alerts, and the active emergency alerts (drawn by the server from `first`). */
export default function AlertsLive({ lang, messages, first }: { lang: Lang; messages: Messages; first: BoardStart<Alert> | null }) {
  const t = messageFn(messages, lang);
  const id = useId();
  const [stats, setStats] = useState<LiveStats | null>(null);
  const [enabled, setEnabled] = useState(false);
  const list = useLiveList<Alert>(LIST_PATH, 'emergency-alert', { page: PAGE, changes: 'alert-state', first });

  const loadStats = useCallback(() => {
    api<LiveStats>('/api/live/stats').then(setStats, () => undefined);
  }, []);
  useEffect(() => {
    setEnabled(notificationsGranted());
    loadStats();
    const timer = setInterval(loadStats, REFETCH_MS);
    // This page counts among those watching once its own socket is open.
    const stops = [$liveEvent.listen(loadStats), $liveConnected.listen(loadStats)];
    return () => {
      clearInterval(timer);
      for (const stop of stops) stop();
    };
  }, [loadStats]);

  /** Asked only from a tap on one of this page's buttons: Firefox and Safari refuse a request made without one. */
  async function enableNotifications() {
    const blocked = () => showToast({ title: t('alertsLive.notifyBlocked'), variant: 'destructive' });
    if (typeof Notification === 'undefined') return blocked();
    if ((await Notification.requestPermission()) !== 'granted') return blocked();
    setEnabled(true);
    showToast({ title: t('alertsLive.enabledToast'), description: t('alertsLive.enabledText'), variant: 'success' });
    // With Web Push, alerts reach this device with the site closed too; without it, while a page is open.
    void subscribePush(lang);
    try {
      const registration = await navigator.serviceWorker?.getRegistration();
      const options = { body: t('alertsLive.testBody'), icon: '/favicon.svg', tag: 'test' };
      if (registration) await registration.showNotification(t('alertsLive.testTitle'), options);
      else new Notification(t('alertsLive.testTitle'), options);
    } catch {
      // The badge and the toast already say it worked.
    }
  }

  const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString(lang));

  return (
    <div className="stack">
      <p className="live-hero" aria-live="polite">
        <span className="pulse-dot" aria-hidden="true" /> {stats ? t.count('alertsLive.hero', stats.watching) : t.count('alertsLive.hero', Number.NaN, { count: '…' })}
      </p>

      <div className="cards-two">
        <SubscribeCard t={t} lang={lang} onChange={loadStats} />
        <section className="card" aria-labelledby={`${id}-browser`}>
          <h2 id={`${id}-browser`}>{t('alertsLive.browserTitle')}</h2>
          <p>{t('alertsLive.browserLead')}</p>
          {enabled ? (
            <span className="badge ok big">{t('alertsLive.enabledBadge')}</span>
          ) : (
            <button type="button" className="button" onClick={() => void enableNotifications()}>
              {t('alertsLive.enable')}
            </button>
          )}
          <ManageLink t={t} lang={lang} />
        </section>
      </div>

      <section aria-labelledby={`${id}-active`} aria-busy={list.loading}>
        <h2 id={`${id}-active`}>{t('alertsLive.activeTitle')}</h2>
        <ListStates list={list} t={t} empty={t('alertsLive.empty')} firstShown={first?.shown} board={{ path: localizePath('/alerts-live', lang), county: null }}>
          {(alerts) => (
            <ul className="alerts">
              {alerts.map((alert) => (
                <LiveAlertCard key={alert.id} alert={alert} lang={lang} t={t} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>

      <section className="stats" aria-label={t('alertsLive.title')}>
        <Stat value={figure(stats?.subscribers)} label={t('alertsLive.subscribers')} />
        <Stat value={figure(stats?.watching)} label={t('alertsLive.monitors')} />
        <Stat value={figure(stats?.activeAlerts)} label={t('alertsLive.cases')} />
        <Stat value={RESOLVED_TODAY_SAMPLE.toLocaleString(lang)} label={t('alertsLive.resolved')} sample={t('alertsLive.sampleFigure')} />
      </section>

      <section className="card cta">
        <h2>{t('alertsLive.ctaTitle')}</h2>
        <div className="cta-buttons">
          <button
            type="button"
            className="button"
            onClick={() => {
              const phone = document.querySelector<HTMLInputElement>('#subscribe [name="phone"]');
              phone?.scrollIntoView({ behavior: 'smooth', block: 'center' });
              phone?.focus({ preventScroll: true });
            }}
          >
            {t('alertsLive.ctaSubscribe')}
          </button>
          {!enabled && (
            <button type="button" className="button secondary" onClick={() => void enableNotifications()}>
              {t('alertsLive.ctaNotify')}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}

function Stat({ value, label, sample }: { value: string; label: string; sample?: string }) {
  return (
    <div className="card stat">
      <strong>{value}</strong>
      <span>{label}</span>
      {sample && <span className="badge">{sample}</span>}
    </div>
  );
}

function SubscribeCard({ t, lang, onChange }: { t: T; lang: Lang; onChange: () => void }) {
  const id = useId();
  // After a number is given: the code texted to it, to start or to stop its alerts.
  const [step, setStep] = useState<{ purpose: 'start' | 'stop'; phone: string } | null>(null);
  const phone = (values: Values) => String(values.phone);
  const { form, row, act, submitLabel, pending } = useForm({
    spec: SUBSCRIPTION_FORM,
    t,
    send: (values) => call('POST /api/alert-subscriptions', { phone: phone(values), city: String(values.city), lang }),
    sent: (result) => {
      setStep({ purpose: 'start', phone: result.phone });
      return { description: t('alertsLive.codeSentText', { phone: isolate(result.phone) }) };
    },
  });
  const unsubscribe = (event: MouseEvent) => {
    event.preventDefault();
    act({
      send: (values) => call('POST /api/alert-subscriptions/stop', { phone: phone(values), lang }),
      success: STOP_FORM.success,
      sent: (result) => {
        setStep({ purpose: 'stop', phone: result.phone });
        return { description: t('alertsLive.stopCodeSentText', { phone: isolate(result.phone) }) };
      },
    });
  };
  const done = (answer: { phone: string; city?: string | null }) => {
    // This device remembers the number, so its notifications page can list and stop it.
    if (step?.purpose === 'start') rememberTextAlert({ phone: answer.phone, city: answer.city ?? '' });
    else forgetTextAlert(answer.phone);
    setStep(null);
    onChange();
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} id="subscribe">
      <h2 id={`${id}-title`}>{t('alertsLive.textTitle')}</h2>
      <p>{t('alertsLive.textLead')}</p>
      {step ? (
        <>
          <p>{t(step.purpose === 'start' ? 'alertsLive.codeSentText' : 'alertsLive.stopCodeSentText', { phone: isolate(step.phone) })}</p>
          <TextCodeForm t={t} lang={lang} phone={step.phone} purpose={step.purpose} done={done} back={() => setStep(null)} />
        </>
      ) : (
        <form className="form-grid" {...form}>
          <FormKeys spec={SUBSCRIPTION_FORM} lang={lang} />
          {row('phone', { inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' })}
          {row('city', { autoComplete: 'address-level2', hint: t('alertsLive.cityHint') })}
          {row('updates')}
          <button className="button" type="submit" disabled={pending}>
            {submitLabel}
          </button>
          {/* Without a script it posts the same form to the stop address, as the description it names. */}
          <button className="link-button" type="submit" formAction={actionOf(STOP_FORM)} name="form" value={STOP_FORM.id} disabled={pending} onClick={unsubscribe}>
            {t('alertsLive.unsubscribe')}
          </button>
        </form>
      )}
      <p className="note">{t('alertsLive.textPrivacy')}</p>
      <ManageLink t={t} lang={lang} />
    </section>
  );
}

/** Where this device's text alerts, browser notifications and followed records are all listed, to change or stop. */
function ManageLink({ t, lang }: { t: T; lang: Lang }) {
  return (
    <a className="more-link" href={localizePath('/notifications', lang)}>
      {t('notifications.manage')}
    </a>
  );
}

function LiveAlertCard({ alert, lang, t }: { alert: Alert; lang: Lang; t: T }) {
  const title = t(ALERT_TYPE_KEYS[alert.type]);
  const call = alert.contact ? contactLink(alert.contact) : null;

  async function share() {
    const text = [title, alert.details, placeOf(alert), alert.contact, `${location.origin}/alerts`].filter(Boolean).join('\n');
    // Where neither works there is nothing to share with on this device.
    if ((await shareOrCopy(title, text)) === 'copied') showToast({ title: t('alertsLive.copied'), description: t('alertsLive.copiedText'), variant: 'success' });
  }

  return (
    <li className={`card alert${alert.urgent ? ' urgent' : ''}`} data-alert-id={alert.id}>
      <div className="alert-badges">
        {alert.urgent && <span className="badge danger">{t('alerts.urgent')}</span>}
        <TrustBadge alert={alert} t={t} />
      </div>
      <h3>{title}</h3>
      <p className="alert-details" dir="auto">
        {alert.details}
      </p>
      <StateNote alert={alert} />
      {alert.activity && <p className="note">{t(ACTIVITY_KEYS[alert.activity] ?? 'activity.other')}</p>}
      <p className="note">
        <bdi>{placeOf(alert)}</bdi> · {/* "5 minutes ago" may have become 6 between the server's drawing and the phone's waking. */}
        <span suppressHydrationWarning>{relativeTime(alert.createdAt, lang, t)}</span>
        {alert.contact && (
          <>
            {' · '}
            <bdi>{alert.contact}</bdi>
          </>
        )}
      </p>
      <div className="alert-actions">
        {call?.kind === 'phone' && (
          <a className="button small" href={call.href!}>
            {t('alertsLive.callNow')}
          </a>
        )}
        <button type="button" className="button secondary small" onClick={() => void share()}>
          {t('alertsLive.share')}
        </button>
      </div>
    </li>
  );
}
