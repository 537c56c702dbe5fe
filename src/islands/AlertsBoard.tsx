import type { Alert } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { useLiveList } from '../lib/use-list.ts';
import { AlertList } from './AlertCard.tsx';
import { AlertForm } from './AlertForm.tsx';

/** /alerts: the inline post form and the list of open alerts (enforcement reports among them). */
export default function AlertsBoard({ lang, messages, submitHref }: { lang: Lang; messages: Messages; submitHref: string }) {
  const t = messageFn(messages);
  const { items, failed, reload, setItems } = useLiveList<Alert>('/api/alerts', 'emergency-alert');

  return (
    <div className="board">
      <section className="card board-form" aria-labelledby="alert-form-title">
        <h2 id="alert-form-title">{t('alerts.formTitle')}</h2>
        <AlertForm variant="inline" lang={lang} t={t} onPosted={(alert) => setItems((shown) => [alert, ...(shown ?? []).filter((item) => item.id !== alert.id)])} />
        <p className="note">
          <a className="more-link" href={submitHref}>{t('alerts.moreTypes')}</a>
        </p>
      </section>
      <section className="board-list" aria-labelledby="alert-list-title" aria-busy={items === null && !failed}>
        <h2 id="alert-list-title">{t('alerts.listTitle')}</h2>
        {failed && !items ? (
          <div className="card">
            <p>{t('common.loadFailed')}</p>
            <button className="button secondary" type="button" onClick={() => void reload()}>
              {t('common.retry')}
            </button>
          </div>
        ) : items === null ? (
          <p className="note">{t('common.loading')}</p>
        ) : (
          <AlertList alerts={items} lang={lang} t={t} setAlerts={setItems} empty={t('alerts.empty')} />
        )}
      </section>
    </div>
  );
}
