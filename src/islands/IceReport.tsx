import { useId, useState, type FormEvent } from 'react';
import type { Alert } from '../contract/index.ts';
import { ENFORCEMENT_ACTIVITIES, ENFORCEMENT_TYPE, LIMITS, LOCATION_GRID, snapToGrid, type Precision } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { ACTIVITY_KEYS } from '../i18n/values.ts';
import { postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { showToast } from '../lib/toast.ts';
import { useLiveList } from '../lib/use-list.ts';
import { AlertList } from './AlertCard.tsx';
import { PrecisionChoice, refusalToast } from './AlertForm.tsx';
import { PhotoField } from './PhotoField.tsx';

const EMPTY = { activity: '', city: '', area: '', details: '', agents: '', vehicles: '', markings: '', precision: 'BROAD' as Precision };
type Form = typeof EMPTY;
const DISTANCE: Record<Precision, string> = { BROAD: '1 km', PRECISE: '100 m' };

/**
 * /ice-reports: report immigration-enforcement activity (what is happening first, then where,
 * how many, markings, an optional photo and a rounded position) and see recent reports.
 */
export default function IceReport({ lang, messages, hours }: { lang: Lang; messages: Messages; hours: number }) {
  const t = messageFn(messages);
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [position, setPosition] = useState<{ lat: number; lng: number } | 'locating' | null>(null);
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const { items, setItems } = useLiveList<Alert>(`/api/alerts?type=${encodeURIComponent(ENFORCEMENT_TYPE)}`, 'emergency-alert');

  const set = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setInvalid((fields) => fields.filter((name) => name !== field));
  };

  function shareLocation() {
    if (!('geolocation' in navigator)) return showToast({ title: t('ice.locationFailed'), variant: 'destructive' });
    setPosition('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        // Rounded here, on the phone: the exact position is never sent.
        const grid = LOCATION_GRID[form.precision];
        setPosition({ lat: snapToGrid(coords.latitude, grid), lng: snapToGrid(coords.longitude, grid) });
      },
      () => {
        setPosition(null);
        showToast({ title: t('ice.locationFailed'), variant: 'destructive' });
      },
      { enableHighAccuracy: form.precision === 'PRECISE', timeout: 15_000, maximumAge: 60_000 },
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = (['activity', 'city', 'details'] as const).filter((field) => !form[field].trim());
    if (missing.length) {
      setInvalid(missing);
      event.currentTarget.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      showToast({ title: t('ice.requiredTitle'), description: t('ice.requiredText'), variant: 'destructive' });
      return;
    }
    setPending(true);
    const count = (value: string) => (value.trim() === '' ? null : Number(value));
    try {
      const created = await postJson<Alert>('/api/alerts', {
        ...form,
        type: ENFORCEMENT_TYPE,
        agents: count(form.agents),
        vehicles: count(form.vehicles),
        location: position && position !== 'locating' && form.precision === 'PRECISE' ? position : null,
        photoUrl: photo.url,
      });
      setForm(EMPTY);
      setPosition(null);
      setPhoto({ url: null, uploading: false });
      setItems((shown) => [created, ...(shown ?? []).filter((item) => item.id !== created.id)]);
      showToast({ title: t('ice.success'), variant: 'success' });
    } catch (error) {
      showToast(refusalToast(error, t, 'ice.errorTitle'));
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof Form) => ({ id: `${id}-${name}`, name, value: form[name], onChange: set(name), 'aria-invalid': invalid.includes(name) || undefined });
  const required = <span className="required-mark" aria-hidden="true">*</span>;
  const photos = (items ?? []).filter((alert) => alert.photoUrl);

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('ice.formTitle')}</h2>
        <p className="safety-note">{t('ice.safety')}</p>
        <form className="form-grid" {...postedForm(FORMS.iceReport)} onSubmit={submit} noValidate>
          <FormKeys spec={FORMS.iceReport} lang={lang} />
          <div className="field">
            <label htmlFor={`${id}-activity`}>
              {t('ice.activity')} {required}
            </label>
            <select {...field('activity')} aria-required="true">
              <option value="">{t('ice.choose')}</option>
              {ENFORCEMENT_ACTIVITIES.map((activity) => (
                <option key={activity} value={activity}>
                  {t(ACTIVITY_KEYS[activity]!)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-details`}>
              {t('ice.description')} {required}
            </label>
            <textarea {...field('details')} maxLength={LIMITS.description} aria-required="true" aria-describedby={`${id}-details-hint`} />
            <span className="hint" id={`${id}-details-hint`}>
              {t('ice.descriptionHint')}
            </span>
          </div>
          <div className="form-grid two">
            <div className="field">
              <label htmlFor={`${id}-agents`}>{t('ice.agents')}</label>
              <input {...field('agents')} type="number" inputMode="numeric" min={0} max={999} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-vehicles`}>{t('ice.vehicles')}</label>
              <input {...field('vehicles')} type="number" inputMode="numeric" min={0} max={999} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-markings`}>{t('ice.markings')}</label>
            <input {...field('markings')} maxLength={300} aria-describedby={`${id}-markings-hint`} />
            <span className="hint" id={`${id}-markings-hint`}>
              {t('ice.markingsHint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-city`}>
              {t('ice.city')} {required}
            </label>
            <input {...field('city')} autoComplete="address-level2" maxLength={LIMITS.city} aria-required="true" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-area`}>{t('ice.area')}</label>
            <input {...field('area')} autoComplete="off" maxLength={LIMITS.city} />
          </div>
          <PrecisionChoice
            t={t}
            value={form.precision}
            onChange={(precision) => {
              setForm((current) => ({ ...current, precision }));
              // A position rounded for the other precision is not kept.
              setPosition(null);
            }}
          />
          {form.precision === 'PRECISE' && (
            <div className="field">
              {position && position !== 'locating' ? (
                <p className="note" role="status">
                  {t('ice.locationShared', { distance: DISTANCE[form.precision] })}{' '}
                  <button type="button" className="link-button" onClick={() => setPosition(null)}>
                    {t('ice.removeLocation')}
                  </button>
                </p>
              ) : (
                <button type="button" className="button secondary" onClick={shareLocation} disabled={position === 'locating'}>
                  {position === 'locating' ? t('ice.locating') : t('ice.shareLocation')}
                </button>
              )}
            </div>
          )}
          <PhotoField kind="alert-photos" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
          <button className="button" type="submit" disabled={pending || photo.uploading}>
            {pending ? t('ice.submitting') : t('ice.submit')}
          </button>
        </form>
      </section>

      <div className="board-list stack">
        <section aria-labelledby={`${id}-recent`} aria-busy={items === null}>
          <h2 id={`${id}-recent`}>{t('ice.recentTitle')}</h2>
          <p className="note">{t('ice.expiryNote', { hours })}</p>
          {items === null ? (
            <p className="note">{t('common.loading')}</p>
          ) : (
            <AlertList alerts={items} lang={lang} t={t} setAlerts={setItems} empty={t('ice.empty')} />
          )}
        </section>
        <section aria-labelledby={`${id}-evidence`}>
          <h2 id={`${id}-evidence`}>{t('ice.evidenceTitle')}</h2>
          {photos.length === 0 ? (
            <p className="note">{t('ice.evidenceEmpty')}</p>
          ) : (
            <ul className="evidence">
              {photos.map((alert) => (
                <li key={alert.id}>
                  <img src={alert.photoUrl!} alt={t('alerts.photoAlt')} loading="lazy" width={160} height={120} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
