import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Alert } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { $county, countyPath } from '../../client/area.ts';
import { listUrl } from '../../client/lists.ts';
import { useLiveList } from '../shared/use-list.ts';
import { AlertList } from './AlertCard.tsx';
import { AlertForm } from './AlertForm.tsx';
import { ListStates } from '../shared/ListStates.tsx';

/** Alerts per request; older ones come with "Show more". */
const PAGE = 50;

const LIST_PATH = '/api/alerts';
/** The board's first request, asked for with the page (Page's `preload`). */
export const FIRST_PAGE = listUrl(LIST_PATH, PAGE);

/** /alerts: the inline post form and the list of open alerts (enforcement reports among them), with the page's area choice (`children`) above them. */
export default function AlertsBoard({ lang, messages, submitHref, children }: { lang: Lang; messages: Messages; submitHref: string; children?: ReactNode }) {
  const t = messageFn(messages, lang);
  const list = useLiveList<Alert>(countyPath(LIST_PATH, useStore($county)), 'emergency-alert', { page: PAGE, changes: 'alert-state' });

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby="alert-form-title">
        <h2 id="alert-form-title">{t('alerts.formTitle')}</h2>
        <AlertForm variant="inline" lang={lang} t={t} onPosted={(alert) => list.setItems((shown) => [alert, ...(shown ?? []).filter((item) => item.id !== alert.id)])} />
        <p className="note">
          <a className="more-link" href={submitHref}>
            {t('alerts.moreTypes')}
          </a>
        </p>
      </section>
      <section className="board-list" aria-labelledby="alert-list-title" aria-busy={list.loading}>
        <h2 id="alert-list-title">{t('alerts.listTitle')}</h2>
        {children}
        <ListStates list={list} t={t} empty={t('alerts.empty')}>
          {(alerts) => <AlertList alerts={alerts} lang={lang} t={t} setAlerts={list.setItems} empty={t('alerts.empty')} />}
        </ListStates>
      </section>
    </div>
  );
}
