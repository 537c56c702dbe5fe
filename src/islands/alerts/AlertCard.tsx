import { useState } from 'react';
import type { Alert } from '../../common/contract/index.ts';
import type { AlertState } from '../../common/contract/alerts.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { Translate } from '../../common/i18n/messages.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS, PRECISION_KEYS } from '../../common/i18n/values.ts';
import { failureCause, postJson } from '../../client/api.ts';
import { formatDateTime } from '../../common/format.ts';
import { showToast } from '../../client/toast.ts';

type T = Translate;

/** "area, city" or just the city. */
export const placeOf = (alert: Pick<Alert, 'area' | 'city'>) => (alert.area ? `${alert.area}, ${alert.city}` : alert.city);

/** Each state's words and icon (never colour alone), and its badge's look. */
const STATES: Record<AlertState, { icon: string; look: string }> = {
  reported: { icon: '○', look: 'plain' },
  confirmed: { icon: '◑', look: 'ok' },
  verified: { icon: '✓', look: 'ok' },
  'false-alarm': { icon: '✕', look: 'danger' },
  over: { icon: '■', look: 'plain' },
};

/**
 * What a report stands at, in words: reported by one person; confirmed by people on other
 * networks (a count anyone could make, so never "verified"); verified by a rapid responder (their
 * network named, never the person) or a moderator; a false alarm; over.
 */
export function TrustBadge({ alert, t }: { alert: Pick<Alert, 'state' | 'stateBy'>; t: T }) {
  const { icon, look } = STATES[alert.state];
  const words =
    alert.state === 'verified'
      ? alert.stateBy
        ? t('alerts.state.verifiedBy', { network: `\u2068${alert.stateBy}\u2069` })
        : t('alerts.verified')
      : t(
          alert.state === 'confirmed'
            ? 'alerts.confirmedByOthers'
            : alert.state === 'reported'
              ? 'alerts.state.reported'
              : alert.state === 'over'
                ? 'alerts.state.over'
                : 'alerts.state.falseAlarm',
        );
  return (
    <span className={`badge ${look}`} data-state={alert.state}>
      <span aria-hidden="true">{icon}</span> <bdi>{words}</bdi>
    </span>
  );
}

/** The rapid responder's short public note, under the network that wrote it. */
export function StateNote({ alert }: { alert: Pick<Alert, 'stateBy' | 'stateNote'> }) {
  if (!alert.stateNote) return null;
  return (
    <p className="state-note" data-state-note dir="auto">
      <bdi>{alert.stateBy}</bdi>: <bdi>{alert.stateNote}</bdi>
    </p>
  );
}

/**
 * One alert or enforcement report: what, where (coarse unless PRECISE), when, how trustworthy,
 * and the "I see it too" / "All clear" answers (each network counts once; a proof of work is
 * solved first, by the API kit). `onChange` gets the updated alert. "All clear" is only counted:
 * a report ends at its expiry or when a moderator closes it.
 */
export function AlertCard({ alert, lang, t, onChange }: { alert: Alert; lang: Lang; t: T; onChange: (alert: Alert) => void }) {
  const [sending, setSending] = useState(false);

  async function answer(kind: 'confirm' | 'clear') {
    setSending(true);
    try {
      const updated = await postJson<Alert & { counted: boolean }>(`/api/alerts/${alert.id}/marks`, { kind });
      // The same answer again from this phone changes nothing: say so rather than thank twice.
      if (!updated.counted) showToast({ title: t('alerts.alreadyCounted') });
      else showToast({ title: t(kind === 'confirm' ? 'alerts.confirmThanks' : 'alerts.clearThanks'), variant: 'success' });
      onChange(updated);
    } catch (error) {
      showToast({ title: t('alerts.markError'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <li className={`card alert${alert.urgent ? ' urgent' : ''}`} data-alert-id={alert.id}>
      <div className="alert-badges">
        {alert.urgent && <span className="badge danger">{t('alerts.urgent')}</span>}
        <span className="badge type">{t(ALERT_TYPE_KEYS[alert.type])}</span>
        <span className="badge plain">{t(PRECISION_KEYS[alert.precision])}</span>
        <TrustBadge alert={alert} t={t} />
        {alert.sample && (
          <span className="badge" title={t('common.sampleNote')}>
            {t('common.sample')}
          </span>
        )}
      </div>
      <h3>
        <bdi>{placeOf(alert)}</bdi>
      </h3>
      {alert.activity && <p className="alert-activity">{t(ACTIVITY_KEYS[alert.activity] ?? 'activity.other')}</p>}
      <p className="alert-details" dir="auto">
        {alert.details}
      </p>
      <StateNote alert={alert} />
      {(alert.agents !== null || alert.vehicles !== null || alert.markings) && (
        <p className="alert-counts note">
          {[
            alert.agents !== null && t('alerts.agents', { count: alert.agents }),
            alert.vehicles !== null && t('alerts.vehicles', { count: alert.vehicles }),
            alert.markings && t('alerts.markings', { text: alert.markings }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {alert.photoUrl && <img className="alert-photo" src={alert.photoUrl} alt={t('alerts.photoAlt')} loading="lazy" decoding="async" width={320} height={240} />}
      <p className="note">
        {alert.alertTime && (
          <>
            {t('alerts.when')}: {formatDateTime(alert.alertTime, lang)}
            <br />
          </>
        )}
        {t('alerts.posted')} {formatDateTime(alert.createdAt, lang)}
        {alert.location && (
          <>
            {' · '}
            <a
              href={`https://www.openstreetmap.org/?mlat=${alert.location.lat}&mlon=${alert.location.lng}#map=17/${alert.location.lat}/${alert.location.lng}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('alerts.map')}
            </a>
          </>
        )}
      </p>
      <div className="alert-actions">
        <span className="note" data-confirmations>
          {t.count('alerts.confirmations', alert.confirmations)}
        </span>
        {alert.allClears > 0 && (
          <span className="note" data-all-clears>
            {t.count('alerts.allClears', alert.allClears)}
          </span>
        )}
        <button type="button" className="button secondary small" disabled={sending} onClick={() => void answer('confirm')}>
          {t('alerts.confirm')}
        </button>
        <button type="button" className="button secondary small" disabled={sending} onClick={() => void answer('clear')}>
          {t('alerts.clear')}
        </button>
      </div>
    </li>
  );
}

/** A list of alert cards that keeps itself current when one is answered. */
export function AlertList({
  alerts,
  lang,
  t,
  setAlerts,
  empty,
}: {
  alerts: Alert[];
  lang: Lang;
  t: T;
  setAlerts: (update: (alerts: Alert[] | null) => Alert[] | null) => void;
  empty: string;
}) {
  if (alerts.length === 0) return <p className="card empty">{empty}</p>;
  return (
    <ul className="alerts">
      {alerts.map((alert) => (
        <AlertCard
          key={alert.id}
          alert={alert}
          lang={lang}
          t={t}
          onChange={(updated) => setAlerts((shown) => (shown ?? []).map((item) => (item.id === alert.id ? updated : item)))}
        />
      ))}
    </ul>
  );
}
