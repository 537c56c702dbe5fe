import { useId, useState } from 'react';
import type { Alert } from '../../common/contract/index.ts';
import { LOCATION_GRID, PRECISIONS, snapToGrid, type AlertType, type Precision } from '../../common/contract/limits.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { call } from '../../client/api.ts';
import { ALERT_FORM, SUBMIT_ALERT_FORM } from '../../common/forms/alerts.ts';
import { showToast } from '../../client/toast.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';

type T = (key: MessageKey, vars?: Vars) => string;

/** The value of a datetime-local input for a moment, in the device's time zone. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A position already rounded on the phone to its precision's grid. */
export type Position = { lat: number; lng: number };

/** How far a rounded PRECISE position may be from where the phone was (LOCATION_GRID's 0.001°). */
const PRECISE_DISTANCE = '100 m';

/**
 * BROAD (city and area only) or PRECISE (about 100 m), as two radio buttons. PRECISE offers the
 * phone's position, rounded here on the phone before it is kept or sent; without one the server
 * stores the alert as BROAD, so a card never says PRECISE without a place on the map.
 */
export function PrecisionChoice({
  t,
  value,
  onChange,
  position,
  onPosition,
}: {
  t: T;
  value: Precision;
  onChange: (precision: Precision) => void;
  position: Position | null;
  onPosition: (position: Position | null) => void;
}) {
  const [locating, setLocating] = useState(false);
  const id = useId();

  function share() {
    if (!('geolocation' in navigator)) return showToast({ title: t('ice.locationFailed'), variant: 'destructive' });
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        // Rounded here, on the phone: the exact position is never sent.
        const grid = LOCATION_GRID.PRECISE;
        onPosition({ lat: snapToGrid(coords.latitude, grid), lng: snapToGrid(coords.longitude, grid) });
      },
      () => {
        setLocating(false);
        onPosition(null);
        showToast({ title: t('ice.locationFailed'), variant: 'destructive' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <>
      <fieldset className="field choice">
        <legend>{t('alerts.precision')}</legend>
        {PRECISIONS.map((precision) => (
          <label key={precision} className="choice-option">
            <input
              type="radio"
              name="precision"
              value={precision}
              checked={value === precision}
              onChange={() => {
                onChange(precision);
                // A BROAD alert keeps no position at all.
                onPosition(null);
              }}
            />
            {t(precision === 'BROAD' ? 'alerts.precisionBroad' : 'alerts.precisionPrecise')}
          </label>
        ))}
      </fieldset>
      {value === 'PRECISE' && (
        <div className="field">
          {position ? (
            <p className="note" role="status">
              {t('ice.locationShared', { distance: PRECISE_DISTANCE })}{' '}
              <button type="button" className="link-button" onClick={() => onPosition(null)}>
                {t('ice.removeLocation')}
              </button>
            </p>
          ) : (
            <>
              <button type="button" className="button secondary" onClick={share} disabled={locating} aria-describedby={`${id}-unshared`}>
                {locating ? t('ice.locating') : t('ice.shareLocation')}
              </button>
              <span className="hint" id={`${id}-unshared`}>
                {t('alerts.preciseNeedsLocation')}
              </span>
            </>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The community alert form: 'inline' on /alerts (three types, optional time) or 'submit' on
 * /submit-alert (all seven types, time defaulting to now, a contact). Keeps what was typed when
 * the server refuses; resets to Community Notice and BROAD after a success.
 */
export function AlertForm({ variant, lang, t, onPosted }: { variant: 'inline' | 'submit'; lang: Lang; t: T; onPosted?: (alert: Alert) => void }) {
  const submitPage = variant === 'submit';
  const spec = submitPage ? SUBMIT_ALERT_FORM : ALERT_FORM;
  const [position, setPosition] = useState<Position | null>(null);
  const { form, row, values, set, submitLabel, pending } = useForm({
    spec,
    t,
    initial: () => ({ alertTime: submitPage ? localInputValue(new Date()) : '' }),
    send: (values) => {
      const text = (name: string) => String(values[name] ?? '');
      return call('POST /api/alerts', {
        type: text('type') as AlertType,
        precision: text('precision') as Precision,
        city: text('city'),
        area: text('area'),
        details: text('details'),
        alertTime: text('alertTime') ? new Date(text('alertTime')).toISOString() : null,
        contact: submitPage ? text('contact') : undefined,
        location: text('precision') === 'PRECISE' ? position : null,
      });
    },
    sent: (created) => {
      setPosition(null);
      onPosted?.(created);
    },
  });

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      {row('type')}
      <PrecisionChoice t={t} value={values.precision as Precision} onChange={(precision) => set('precision', precision)} position={position} onPosition={setPosition} />
      {row('city', { autoComplete: 'address-level2' })}
      {row('area', { autoComplete: 'off' })}
      {row('details')}
      {row('alertTime')}
      {submitPage && row('contact', { autoComplete: 'off', hint: t('alerts.contactHint') })}
      <button className="button" type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
