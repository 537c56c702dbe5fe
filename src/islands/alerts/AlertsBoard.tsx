import type { ReactNode } from 'react';
import type { Alert } from '../../common/contract/index.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import type { BoardStart } from '../../client/lists.ts';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';
import { AlertList } from './AlertCard.tsx';
import { AlertForm } from './AlertForm.tsx';
import { ListStates } from '../shared/ListStates.tsx';

/** Alerts per request; older ones come with "Show more". */
export const PAGE = 50;

export const LIST_PATH = '/api/alerts';

/**
 * /alerts: the inline post form and the list of open alerts (enforcement reports among them), with
 * the page's area choice (`children`) above them; drawn by the server from `first`.
 */
export default function AlertsBoard(props: { lang: Lang; messages: Messages; submitHref: string; first: BoardStart<Alert> | null; children?: ReactNode }) {
  const { lang, messages, submitHref, first, children } = props;
  const t = messageFn(messages, lang);
  const county = useBoardCounty(first);
  const list = useLiveList<Alert>(countyPath(LIST_PATH, county), 'emergency-alert', { page: PAGE, changes: 'alert-state', first });

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
        <ListStates list={list} t={t} empty={t('alerts.empty')} firstShown={first?.shown} board={{ path: localizePath('/alerts', lang), county }}>
          {(alerts) => <AlertList alerts={alerts} lang={lang} t={t} setAlerts={list.setItems} empty={t('alerts.empty')} />}
        </ListStates>
      </section>
    </div>
  );
}
