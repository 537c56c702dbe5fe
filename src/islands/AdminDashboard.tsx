import { useId, useState } from 'react';
import type { AdminAlert, AdminHelpPost, AdminLostFoundPost, Dashboard } from '../contract/index.ts';
import { SOS_RETENTION_DAYS, type AlertType } from '../contract/limits.ts';
import { LOCALES, localizePath, type Lang } from '../i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { ALERT_TYPE_KEYS } from '../i18n/values.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { adminChange, AdminGate, ListFailed, useAdminList, type T } from './AdminGate.tsx';

const CARDS: [string, MessageKey, MessageKey][] = [
  ['/lost-found', 'admin.manageMissing', 'admin.manageMissingText'],
  ['/drops-admin', 'admin.manageDrops', 'admin.manageDropsText'],
  ['/jobs-admin', 'admin.manageJobs', 'admin.manageJobsText'],
  ['/resources', 'admin.manageResources', 'admin.manageResourcesText'],
  ['/alerts-live', 'admin.manageAlerts', 'admin.manageAlertsText'],
  ['/leaderboard', 'admin.manageCommunity', 'admin.manageCommunityText'],
];
const QUICK: [string, MessageKey][] = [
  ['/submit-missing', 'admin.quickMissing'],
  ['/drops-admin', 'admin.quickDrop'],
  ['/submit-job', 'admin.quickJob'],
  ['/submit-resource', 'admin.quickResource'],
];
const TEXT_STATUS: Record<string, MessageKey> = { queued: 'admin.textQueued', sent: 'admin.textSent', failed: 'admin.textFailed' };

/** /admin: real counts, the six management cards, quick actions, the queues that need a person, and moderation of public posts. */
export default function AdminDashboard({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  return <AdminGate lang={lang} t={t}>{() => <Desk lang={lang} t={t} />}</AdminGate>;
}

function Desk({ lang, t }: { lang: Lang; t: T }) {
  const { items: dashboard, failed, reload } = useAdminList<Dashboard>('/dashboard');
  const id = useId();
  const number = new Intl.NumberFormat(LOCALES[lang]);
  const usd = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  const counts = dashboard?.counts;

  const tiles: [MessageKey, string | undefined, string?][] = [
    ['admin.members', counts && number.format(counts.members), counts && t('admin.membersNote', { subscribers: number.format(counts.subscribers), volunteers: number.format(counts.volunteers) })],
    ['admin.missing', counts && number.format(counts.missing)],
    ['admin.drops', counts && number.format(counts.scheduledDrops)],
    // The left-to-right mark after "$" keeps Arabic's "US$" from being drawn as "$US" (as on /donations).
    ['admin.donations', counts && usd.format(counts.donations).replace('$', '$\u200E'), t('admin.donationsNote')],
  ];

  return (
    <>
      <section aria-label={t('admin.figures')} aria-busy={!dashboard && !failed}>
        {failed && !dashboard && <ListFailed t={t} reload={reload} />}
        <ul className="stats admin-tiles">
          {tiles.map(([label, value, note]) => (
            <li key={label} className="card stat">
              <strong>
                <bdi>{value ?? '…'}</bdi>
              </strong>
              <span>{t(label)}</span>
              {note && <span className="note">{note}</span>}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-cards`}>
        <h2 id={`${id}-cards`} className="sr-only">
          {t('admin.manage')}
        </h2>
        <ul className="admin-cards">
          {CARDS.map(([href, title, text]) => (
            <li key={href}>
              <a className="card admin-card" href={localizePath(href, lang)}>
                <strong>{t(title)}</strong>
                <span className="note">{t(text)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby={`${id}-quick`}>
        <h2 id={`${id}-quick`}>{t('admin.quickActions')}</h2>
        <p className="cta-buttons">
          {QUICK.map(([href, label]) => (
            <a key={href} className="button secondary" href={localizePath(href, lang)}>
              {t(label)}
            </a>
          ))}
        </p>
      </section>

      {dashboard && <Queues dashboard={dashboard} lang={lang} t={t} reload={reload} />}
      <Moderation lang={lang} t={t} onChange={reload} />
    </>
  );
}

function Queues({ dashboard, lang, t, reload }: { dashboard: Dashboard; lang: Lang; t: T; reload: () => Promise<void> }) {
  const { counts } = dashboard;
  const id = useId();
  const act = async (path: string, title: MessageKey) => {
    if (await adminChange(t, path, 'POST', undefined, { title: t(title) })) await reload();
  };
  const nothing = <p className="note">{t('admin.nothing')}</p>;

  return (
    <section className="admin-queues" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.queues')}</h2>

      <details className="card" open={counts.pendingResources > 0}>
        <summary>{t('admin.pendingResources', { count: counts.pendingResources })}</summary>
        {dashboard.pendingResources.length === 0 ? (
          nothing
        ) : (
          <ul className="admin-lines">
            {dashboard.pendingResources.map((item) => (
              <li key={item.id} dir="auto">
                {item.name}
                {item.city && ` · ${item.city}`}
              </li>
            ))}
          </ul>
        )}
        <a href={localizePath('/resources-admin', lang)}>{t('admin.review')}</a>
      </details>

      <details className="card" open={counts.pendingJobs > 0}>
        <summary>{t('admin.pendingJobs', { count: counts.pendingJobs })}</summary>
        {dashboard.pendingJobs.length === 0 ? (
          nothing
        ) : (
          <ul className="admin-lines">
            {dashboard.pendingJobs.map((item) => (
              <li key={item.id} dir="auto">
                {item.title}
                {item.employer && ` · ${item.employer}`}
              </li>
            ))}
          </ul>
        )}
        <a href={localizePath('/jobs-admin', lang)}>{t('admin.review')}</a>
      </details>

      <details className="card" open={counts.unverifiedReports > 0}>
        <summary>{t('admin.reports', { count: counts.unverifiedReports })}</summary>
        {dashboard.reports.length === 0 ? (
          nothing
        ) : (
          <ul className="admin-items">
            {dashboard.reports.map((report) => (
              <AlertItem key={report.id} alert={report} lang={lang} t={t} act={act} />
            ))}
          </ul>
        )}
      </details>

      <details className="card" open={counts.openSos > 0}>
        <summary>{t('admin.sos', { count: counts.openSos })}</summary>
        <p className="note">{t('admin.sosRetention', { days: SOS_RETENTION_DAYS })}</p>
        {dashboard.sos.length === 0 ? (
          nothing
        ) : (
          <ul className="admin-items">
            {dashboard.sos.map((sos) => (
              <li key={sos.id} className="admin-item" data-sos-id={sos.id}>
                <p className="admin-badges">
                  {sos.handled ? <span className="badge ok">{t('admin.handledBadge')}</span> : <span className="badge danger">{t('admin.openBadge')}</span>}
                  <span className="note">{formatDateTime(sos.createdAt, lang)}</span>
                </p>
                <p dir="auto">{sos.details}</p>
                <p className="note" dir="auto">
                  {[sos.city, sos.contact].filter(Boolean).join(' · ')}
                </p>
                {!sos.handled && (
                  <button type="button" className="button small" onClick={() => void act(`/sos/${sos.id}/handled`, 'admin.handledDone')}>
                    {t('admin.markHandled')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </details>

      <details className="card" open={counts.queuedTexts > 0}>
        <summary>{t('admin.outbox', { count: counts.queuedTexts })}</summary>
        {dashboard.outbox.length === 0 ? (
          nothing
        ) : (
          <ul className="admin-lines">
            {dashboard.outbox.map((text) => (
              <li key={text.id}>
                <span className={`badge ${text.status === 'sent' ? 'ok' : text.status === 'failed' ? 'danger' : ''}`}>{t(TEXT_STATUS[text.status] ?? 'admin.textQueued')}</span>{' '}
                <bdi dir="ltr">…{text.phoneEnd}</bdi> · <span className="note">{formatDateTime(text.createdAt, lang)}</span>
                <br />
                <span dir="auto">{text.body}</span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

function AlertItem({ alert, lang, t, act }: { alert: AdminAlert; lang: Lang; t: T; act: (path: string, title: MessageKey) => Promise<void> }) {
  const type = t(ALERT_TYPE_KEYS[alert.type as AlertType]);
  return (
    <li className="admin-item" data-alert-id={alert.id}>
      <p className="admin-badges">
        <span className="badge type">{type}</span>
        {alert.hidden && <span className="badge plain">{t('admin.hiddenBadge')}</span>}
        {alert.verified && <span className="badge ok">{t('admin.verifiedBadge')}</span>}
        <span className="note">{formatDateTime(alert.createdAt, lang)}</span>
      </p>
      <p dir="auto">{alert.details}</p>
      <p className="note">
        <bdi>{[alert.area, alert.city].filter(Boolean).join(', ')}</bdi> · {t('admin.confirmations', { confirmations: alert.confirmations, clears: alert.allClears })}
      </p>
      <div className="admin-actions">
        {!alert.verified && (
          <button type="button" className="button small" onClick={() => void act(`/alerts/${alert.id}/verify`, 'admin.verifyDone')}>
            {t('admin.verify')}
          </button>
        )}
        <button type="button" className="button secondary small" onClick={() => void act(`/alerts/${alert.id}/all-clear`, 'admin.allClearDone')}>
          {t('admin.allClear')}
        </button>
        {alert.hidden ? (
          <button type="button" className="button secondary small" onClick={() => void act(`/alerts/${alert.id}/restore`, 'admin.restoreDone')}>
            {t('admin.restore')}
          </button>
        ) : (
          <button type="button" className="button danger small" onClick={() => void act(`/alerts/${alert.id}/hide`, 'admin.hideDone')}>
            {t('admin.hide')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Hide or restore what the public posted: alerts and reports, lost-and-found posts, help requests and offers. */
function Moderation({ lang, t, onChange }: { lang: Lang; t: T; onChange: () => Promise<void> }) {
  const [tab, setTab] = useState<'alerts' | 'lost-found' | 'help'>('alerts');
  const alerts = useAdminList<AdminAlert[]>('/alerts');
  const posts = useAdminList<AdminLostFoundPost[]>('/lost-found');
  const help = useAdminList<AdminHelpPost[]>('/help-posts');
  const id = useId();
  const act = async (path: string, title: MessageKey) => {
    if (await adminChange(t, path, 'POST', undefined, { title: t(title) })) await Promise.all([alerts.reload(), posts.reload(), help.reload(), onChange()]);
  };
  const list = tab === 'alerts' ? alerts : tab === 'lost-found' ? posts : help;

  return (
    <section className="admin-moderation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.posts')}</h2>
      <p className="admin-tabs" role="group" aria-label={t('admin.posts')}>
        <button type="button" className="button secondary small" aria-pressed={tab === 'alerts'} onClick={() => setTab('alerts')}>
          {t('admin.alertsTab')}
        </button>
        <button type="button" className="button secondary small" aria-pressed={tab === 'lost-found'} onClick={() => setTab('lost-found')}>
          {t('admin.lostFoundTab')}
        </button>
        <button type="button" className="button secondary small" aria-pressed={tab === 'help'} onClick={() => setTab('help')}>
          {t('admin.helpTab')}
        </button>
      </p>
      {list.failed && !list.items ? (
        <ListFailed t={t} reload={list.reload} />
      ) : list.items === null ? (
        <p className="note">{t('common.loading')}</p>
      ) : list.items.length === 0 ? (
        <p className="card empty">{t('admin.nothing')}</p>
      ) : tab === 'alerts' ? (
        <ul className="admin-items">
          {alerts.items!.map((alert) => (
            <li key={alert.id} className="card">
              <ul className="admin-plain">
                <AlertItem alert={alert} lang={lang} t={t} act={act} />
              </ul>
            </li>
          ))}
        </ul>
      ) : tab === 'help' ? (
        <ul className="admin-items">
          {help.items!.map((post) => (
            <li key={post.id} className="card admin-item" data-help-id={post.id}>
              <p className="admin-badges">
                <span className="badge type">{t(post.kind === 'requests' ? 'admin.helpRequest' : 'admin.helpOffer')}</span>
                {post.hidden && <span className="badge plain">{t('admin.hiddenBadge')}</span>}
                {post.sample && <span className="badge">{t('common.sample')}</span>}
                <span className="note">{formatDate(post.createdAt, lang)}</span>
              </p>
              <h3 dir="auto">{post.title}</h3>
              <p dir="auto">{post.description}</p>
              {post.city && (
                <p className="note" dir="auto">
                  {post.city}
                </p>
              )}
              <div className="admin-actions">
                {post.hidden ? (
                  <button type="button" className="button secondary small" onClick={() => void act(`/help-posts/${post.kind}/${post.id}/restore`, 'admin.restoreDone')}>
                    {t('admin.restore')}
                  </button>
                ) : (
                  <button type="button" className="button danger small" onClick={() => void act(`/help-posts/${post.kind}/${post.id}/hide`, 'admin.hideDone')}>
                    {t('admin.hide')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="admin-items">
          {posts.items!.map((post) => (
            <li key={post.id} className="card admin-item" data-post-id={post.id}>
              <p className="admin-badges">
                {post.hidden && <span className="badge plain">{t('admin.hiddenBadge')}</span>}
                {post.sample && <span className="badge">{t('common.sample')}</span>}
                <span className="note">{formatDate(post.createdAt, lang)}</span>
              </p>
              <h3 dir="auto">{post.name}</h3>
              {post.description && <p dir="auto">{post.description}</p>}
              <div className="admin-actions">
                {post.hidden ? (
                  <button type="button" className="button secondary small" onClick={() => void act(`/lost-found/${post.id}/restore`, 'admin.restoreDone')}>
                    {t('admin.restore')}
                  </button>
                ) : (
                  <button type="button" className="button danger small" onClick={() => void act(`/lost-found/${post.id}/hide`, 'admin.hideDone')}>
                    {t('admin.hide')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
