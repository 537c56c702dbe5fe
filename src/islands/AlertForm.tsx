import type { Alert } from '../contract/index.ts';
import { PRECISIONS, type AlertType, type Precision } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { call } from '../lib/api.ts';
import { ALERT_FORM, SUBMIT_ALERT_FORM } from '../lib/forms/alerts.ts';
import { FormKeys, useForm } from '../lib/use-form.tsx';

type T = (key: MessageKey, vars?: Vars) => string;

/** The value of a datetime-local input for a moment, in the device's time zone. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** BROAD (city and area only) or PRECISE (about 100 m), as two radio buttons. */
export function PrecisionChoice({ t, value, onChange }: { t: T; value: Precision; onChange: (precision: Precision) => void }) {
  return (
    <fieldset className="field choice">
      <legend>{t('alerts.precision')}</legend>
      {PRECISIONS.map((precision) => (
        <label key={precision} className="choice-option">
          <input type="radio" name="precision" value={precision} checked={value === precision} onChange={() => onChange(precision)} />
          {t(precision === 'BROAD' ? 'alerts.precisionBroad' : 'alerts.precisionPrecise')}
        </label>
      ))}
    </fieldset>
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
      });
    },
    sent: (created) => onPosted?.(created),
  });

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      {row('type')}
      <PrecisionChoice t={t} value={values.precision as Precision} onChange={(precision) => set('precision', precision)} />
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
