import { useId, useState, type ReactNode } from 'react';
import type { Alert } from '../../common/contract/index.ts';
import { ENFORCEMENT_ACTIVITIES, ENFORCEMENT_TYPE, MAX_REPORTED_COUNT, type Precision } from '../../common/contract/limits.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import type { BoardStart } from '../../client/lists.ts';
import { call } from '../../client/api.ts';
import { ICE_REPORT_FORM } from '../../common/forms/alerts.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';
import { AlertList } from './AlertCard.tsx';
import { PrecisionChoice, type Position } from './AlertForm.tsx';
import { PhotoField } from '../shared/PhotoField.tsx';
import { Tallies } from './Tallies.tsx';

const SPEC = ICE_REPORT_FORM;

/** The enforcement reports, every one the API holds (they expire within hours). */
export const LIST_PATH = `/api/alerts?type=${encodeURIComponent(ENFORCEMENT_TYPE)}`;

/**
 * /ice-reports: report immigration-enforcement activity (what is happening first, then where,
 * how many, markings, an optional photo and a rounded position) and see recent reports, drawn by
 * the server from `first`.
 */
export default function IceReport(props: { lang: Lang; messages: Messages; hours: number; first: BoardStart<Alert> | null; children?: ReactNode }) {
  const { lang, messages, hours, first, children } = props;
  const t = messageFn(messages, lang);
  const id = useId();
  const [position, setPosition] = useState<Position | null>(null);
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const { items, setItems } = useLiveList<Alert>(countyPath(LIST_PATH, useBoardCounty(first)), 'emergency-alert', { changes: 'alert-state', first });
  const { form, row, values, set, submitLabel, pending } = useForm({
    spec: SPEC,
    t,
    busy: photo.uploading,
    send: (values) => {
      const text = (name: string) => String(values[name] ?? '');
      const count = (name: string) => (text(name).trim() === '' ? null : Number(text(name)));
      return call('POST /api/alerts', {
        type: ENFORCEMENT_TYPE,
        activity: text('activity') as (typeof ENFORCEMENT_ACTIVITIES)[number],
        details: text('details'),
        agents: count('agents'),
        vehicles: count('vehicles'),
        markings: text('markings'),
        city: text('city'),
        area: text('area'),
        precision: precision,
        location: precision === 'PRECISE' ? position : null,
        photoUrl: photo.url,
      });
    },
    sent: (created) => {
      setPosition(null);
      setPhoto({ url: null, uploading: false });
      setItems((shown) => [created, ...(shown ?? []).filter((item) => item.id !== created.id)]);
    },
  });
  const precision = values.precision as Precision;

  const photos = (items ?? []).filter((alert) => alert.photoUrl);

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('ice.formTitle')}</h2>
        <p className="safety-note">{t('ice.safety')}</p>
        <form className="form-grid" {...form}>
          <FormKeys spec={SPEC} lang={lang} />
          {row('activity')}
          {row('details', { hint: t('ice.descriptionHint') })}
          <div className="form-grid two">
            {row('agents', { inputMode: 'numeric', min: 0, max: MAX_REPORTED_COUNT })}
            {row('vehicles', { inputMode: 'numeric', min: 0, max: MAX_REPORTED_COUNT })}
          </div>
          {row('markings', { hint: t('ice.markingsHint') })}
          {row('city', { autoComplete: 'address-level2' })}
          {row('area', { autoComplete: 'off' })}
          <PrecisionChoice t={t} value={precision} onChange={(chosen) => set('precision', chosen)} position={position} onPosition={setPosition} />
          <PhotoField kind="alert-photos" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
          <button className="button" type="submit" disabled={pending || photo.uploading}>
            {submitLabel}
          </button>
        </form>
      </section>

      <div className="board-list stack">
        <section aria-labelledby={`${id}-recent`} aria-busy={items === null}>
          <h2 id={`${id}-recent`}>{t('ice.recentTitle')}</h2>
          {children}
          <p className="note">{t.count('ice.expiryNote', hours)}</p>
          {items === null ? <p className="note">{t('common.loading')}</p> : <AlertList alerts={items} lang={lang} t={t} setAlerts={setItems} empty={t('ice.empty')} />}
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
        <Tallies lang={lang} t={t} />
      </div>
    </div>
  );
}
