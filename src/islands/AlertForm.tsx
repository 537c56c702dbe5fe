import { useId, useState, type FormEvent } from 'react';
import type { Alert } from '../contract/index.ts';
import { INLINE_ALERT_TYPES, LIMITS, PRECISIONS, SUBMIT_ALERT_TYPES, type Precision } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { ALERT_TYPE_KEYS } from '../i18n/values.ts';
import { ApiError, failureCause, postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { showToast } from '../lib/toast.ts';

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

/** The toast for a refused alert: duplicates and rate limits get their own plain words. */
export function refusalToast(error: unknown, t: T, title: MessageKey, description: MessageKey = 'alerts.errorText') {
  const status = error instanceof ApiError ? error.status : 0;
  const cause = failureCause(error);
  if (status === 409) return { title: t('alerts.duplicateTitle'), description: t('alerts.duplicateText'), variant: 'destructive' as const };
  if (status === 429) return { title: t('alerts.rateLimitedTitle'), description: t('alerts.rateLimitedText'), variant: 'destructive' as const };
  return { title: t(title), description: t(description), variant: 'destructive' as const, cause };
}

/**
 * The community alert form: 'inline' on /alerts (three types, optional time) or 'submit' on
 * /submit-alert (all seven types, time defaulting to now, a contact). Keeps what was typed when
 * the server refuses; resets to Community Notice and BROAD after a success.
 */
export function AlertForm({ variant, lang, t, onPosted }: { variant: 'inline' | 'submit'; lang: Lang; t: T; onPosted?: (alert: Alert) => void }) {
  const submitPage = variant === 'submit';
  const spec = FORMS[submitPage ? 'submitAlert' : 'alert'];
  const empty = () => ({
    type: 'Community Notice' as string,
    precision: 'BROAD' as Precision,
    city: '',
    area: '',
    details: '',
    alertTime: submitPage ? localInputValue(new Date()) : '',
    contact: '',
  });
  const [form, setForm] = useState(empty);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const id = useId();
  const types = submitPage ? SUBMIT_ALERT_TYPES : INLINE_ALERT_TYPES;

  const set = (field: keyof ReturnType<typeof empty>) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setInvalid((fields) => fields.filter((name) => name !== field));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = (['city', 'details'] as const).filter((field) => !form[field].trim());
    if (missing.length) {
      setInvalid(missing);
      event.currentTarget.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      const onlyDetails = submitPage && missing.length === 1 && missing[0] === 'details';
      showToast({
        title: t(onlyDetails ? 'submitAlert.detailsRequiredTitle' : 'alerts.requiredTitle'),
        description: t(onlyDetails ? 'submitAlert.detailsRequiredText' : 'alerts.requiredText'),
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const created = await postJson<Alert>('/api/alerts', {
        ...form,
        alertTime: form.alertTime ? new Date(form.alertTime).toISOString() : null,
        contact: submitPage ? form.contact : undefined,
      });
      setForm(empty());
      showToast({ title: t(submitPage ? 'submitAlert.success' : 'alerts.success'), variant: 'success' });
      onPosted?.(created);
    } catch (error) {
      showToast(refusalToast(error, t, submitPage ? 'submitAlert.errorTitle' : 'alerts.errorTitle'));
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof ReturnType<typeof empty>) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: set(name),
    'aria-invalid': invalid.includes(name) || undefined,
  });

  return (
    <form className="form-grid" {...postedForm(spec)} onSubmit={submit} noValidate>
      <FormKeys spec={spec} lang={lang} />
      <div className="field">
        <label htmlFor={`${id}-type`}>{t('alerts.type')}</label>
        <select {...field('type')}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(ALERT_TYPE_KEYS[type])}
            </option>
          ))}
        </select>
      </div>
      <PrecisionChoice t={t} value={form.precision} onChange={(precision) => setForm((current) => ({ ...current, precision }))} />
      <div className="field">
        <label htmlFor={`${id}-city`}>
          {t('alerts.city')} <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input {...field('city')} autoComplete="address-level2" maxLength={LIMITS.city} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-area`}>{t('alerts.area')}</label>
        <input {...field('area')} autoComplete="off" maxLength={LIMITS.city} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-details`}>
          {t('alerts.details')} <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <textarea {...field('details')} maxLength={LIMITS.description} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-alertTime`}>{t('alerts.alertTime')}</label>
        <input {...field('alertTime')} type="datetime-local" />
      </div>
      {submitPage && (
        <div className="field">
          <label htmlFor={`${id}-contact`}>{t('alerts.contact')}</label>
          <input {...field('contact')} autoComplete="off" maxLength={LIMITS.contact} aria-describedby={`${id}-contact-hint`} />
          <span className="hint" id={`${id}-contact-hint`}>
            {t('alerts.contactHint')}
          </span>
        </div>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? t(submitPage ? 'submitAlert.submitting' : 'alerts.submitting') : t(submitPage ? 'submitAlert.submit' : 'alerts.submit')}
      </button>
    </form>
  );
}
