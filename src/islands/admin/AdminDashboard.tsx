import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminAlert, AdminHelpPost, AdminLostFoundNote, AdminLostFoundPost, Dashboard, PfifImportSummary } from '../../common/contract/index.ts';
import { MAX_PFIF_BYTES, SOS_RETENTION_DAYS, type AlertType } from '../../common/contract/limits.ts';
import { LOCALES, localizePath, type Lang } from '../../common/i18n/languages.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import { ALERT_TYPE_KEYS } from '../../common/i18n/values.ts';
import { ApiError } from '../../client/api.ts';
import { formatDate, formatDateTime, personPath } from '../../common/format.ts';
import { adminIsland, deskAction, DeskItems, useDeskList, type Act } from './desk.tsx';
import { adminApi, ListFailed, useAdminList, type T } from './AdminGate.tsx';

/** The notes tab's note, loaded when the tab is opened: the desk opens without it. */
const PersonNote = lazy(() => import('../lost-found/PersonNote.tsx').then((module) => ({ default: module.PersonNote })));

type Tab = 'alerts' | 'lost-found' | 'notes' | 'help';
/** Where the moderation of the public boards sits on this page, for the cards that open one of its tabs. */
const MODERATION = 'moderation';

/**
 * Each card leads to where a moderator does that job: a desk of its own, or a tab of this page's
 * moderation. Never to a public form, where a moderator's own entry would wait for review.
 */
const CARDS: [{ desk: string } | { tab: Tab }, MessageKey, MessageKey][] = [
  [{ tab: 'lost-found' }, 'admin.manageMissing', 'admin.manageMissingText'],
  [{ desk: '/drops-admin' }, 'admin.manageDrops', 'admin.manageDropsText'],
  [{ desk: '/jobs-admin' }, 'admin.manageJobs', 'admin.manageJobsText'],
  [{ desk: '/resources-admin' }, 'admin.manageResources', 'admin.manageResourcesText'],
  [{ tab: 'alerts' }, 'admin.manageAlerts', 'admin.manageAlertsText'],
  [{ tab: 'help' }, 'admin.manageCommunity', 'admin.manageCommunityText'],
  [{ desk: '/responders-admin' }, 'respondersAdmin.title', 'admin.manageRespondersText'],
];
/** The desks' add forms publish a moderator's entry at once; a missing-person post is public at once for anyone. */
const QUICK: [string, MessageKey][] = [
  ['/submit-missing', 'admin.quickMissing'],
  ['/drops-admin', 'admin.quickDrop'],
  ['/jobs-admin', 'admin.quickJob'],
  ['/resources-admin', 'admin.quickResource'],
];
const TEXT_STATUS: Record<string, MessageKey> = { queued: 'admin.textQueued', sent: 'admin.textSent', failed: 'admin.textFailed' };

/** /admin: real counts, the six management cards, quick actions, the queues that need a person, and moderation of public posts. */
export default adminIsland(Desk);

function Desk({ lang, t }: { lang: Lang; t: T }) {
  const { items: dashboard, failed, reload } = useAdminList<Dashboard>('/dashboard');
  const id = useId();
  const number = new Intl.NumberFormat(LOCALES[lang]);
  const usd = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  const counts = dashboard?.counts;
  const [tab, setTab] = useState<Tab>('alerts');

  const tiles: [MessageKey, string | undefined, string?][] = [
    [
      'admin.members',
      counts && number.format(counts.members),
      counts && t('admin.membersNote', { subscribers: number.format(counts.subscribers), volunteers: number.format(counts.volunteers) }),
    ],
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
          {CARDS.map(([target, title, text]) => (
            <li key={title}>
              <a className="card admin-card" {...('desk' in target ? { href: localizePath(target.desk, lang) } : { href: `#${MODERATION}`, onClick: () => setTab(target.tab) })}>
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
      <Moderation lang={lang} t={t} tab={tab} setTab={setTab} onChange={reload} />
    </>
  );
}

function Queues({ dashboard, lang, t, reload }: { dashboard: Dashboard; lang: Lang; t: T; reload: () => Promise<void> }) {
  const { counts } = dashboard;
  const id = useId();
  const act = deskAction(t, reload);

  return (
    <section className="admin-queues" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.queues')}</h2>

      {(
        [
          ['admin.pendingResources', counts.pendingResources, dashboard.pendingResources.map((item) => [item.id, item.name, item.city] as const), '/resources-admin'],
          ['admin.pendingJobs', counts.pendingJobs, dashboard.pendingJobs.map((item) => [item.id, item.title, item.employer] as const), '/jobs-admin'],
        ] as const
      ).map(([summary, count, lines, desk]) => (
        <Queue key={desk} t={t} summary={t(summary, { count })} count={count} items={[...lines]} after={<a href={localizePath(desk, lang)}>{t('admin.review')}</a>}>
          {([key, name, more]) => (
            <li key={key} dir="auto">
              {name}
              {more && ` · ${more}`}
            </li>
          )}
        </Queue>
      ))}

      <Queue t={t} summary={t('admin.reports', { count: counts.unverifiedReports })} count={counts.unverifiedReports} items={dashboard.reports} cards>
        {(report) => <AlertItem key={report.id} alert={report} lang={lang} t={t} act={act} />}
      </Queue>

      <Queue
        t={t}
        summary={t('admin.sos', { count: counts.openSos })}
        count={counts.openSos}
        items={dashboard.sos}
        cards
        before={<p className="note">{t('admin.sosRetention', { days: SOS_RETENTION_DAYS })}</p>}
      >
        {(sos) => (
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
        )}
      </Queue>

      <Queue t={t} summary={t('admin.outbox', { count: counts.queuedTexts })} count={counts.queuedTexts} items={dashboard.outbox}>
        {(text) => (
          <li key={text.id}>
            <span className={`badge ${text.status === 'sent' ? 'ok' : text.status === 'failed' ? 'danger' : ''}`}>{t(TEXT_STATUS[text.status] ?? 'admin.textQueued')}</span>{' '}
            <bdi dir="ltr">…{text.phoneEnd}</bdi> · <span className="note">{formatDateTime(text.createdAt, lang)}</span>
            <br />
            <span dir="auto">{text.body}</span>
          </li>
        )}
      </Queue>
    </section>
  );
}

/** One queue of the dashboard: open while something waits in it. */
function Queue<Item>(props: { t: T; summary: string; count: number; items: Item[]; cards?: boolean; before?: ReactNode; after?: ReactNode; children: (item: Item) => ReactNode }) {
  const { t, summary, count, items, cards, before, after, children } = props;
  return (
    <details className="card" open={count > 0}>
      <summary>{summary}</summary>
      {before}
      {items.length === 0 ? <p className="note">{t('admin.nothing')}</p> : <ul className={cards ? 'admin-items' : 'admin-lines'}>{items.map(children)}</ul>}
      {after}
    </details>
  );
}

function AlertItem({ alert, lang, t, act }: { alert: AdminAlert; lang: Lang; t: T; act: Act }) {
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
        <HideOrRestore t={t} hidden={alert.hidden} path={`/alerts/${alert.id}`} act={act} />
      </div>
    </li>
  );
}

/** Takes a public post off the site, or puts a hidden one back. */
function HideOrRestore({ t, hidden, path, act }: { t: T; hidden: boolean; path: string; act: Act }) {
  return hidden ? (
    <button type="button" className="button secondary small" onClick={() => void act(`${path}/restore`, 'admin.restoreDone')}>
      {t('admin.restore')}
    </button>
  ) : (
    <button type="button" className="button danger small" onClick={() => void act(`${path}/hide`, 'admin.hideDone')}>
      {t('admin.hide')}
    </button>
  );
}

const TABS: [Tab, MessageKey][] = [
  ['alerts', 'admin.alertsTab'],
  ['lost-found', 'admin.lostFoundTab'],
  ['notes', 'admin.notesTab'],
  ['help', 'admin.helpTab'],
];

/** Hide or restore what the public posted: alerts and reports, lost-and-found posts and their notes, help requests and offers. */
function Moderation({ lang, t, tab, setTab, onChange }: { lang: Lang; t: T; tab: Tab; setTab: (tab: Tab) => void; onChange: () => Promise<void> }) {
  const alerts = useDeskList<AdminAlert>('/alerts');
  const posts = useDeskList<AdminLostFoundPost>('/lost-found');
  const notes = useDeskList<AdminLostFoundNote>('/lost-found-notes');
  const help = useDeskList<AdminHelpPost>('/help-posts');
  const id = useId();
  const act = deskAction(t, () => Promise.all([alerts.reload(), posts.reload(), notes.reload(), help.reload(), onChange()]));

  return (
    <section id={MODERATION} className="admin-moderation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.posts')}</h2>
      <p className="admin-tabs" role="group" aria-label={t('admin.posts')}>
        {TABS.map(([name, label]) => (
          <button key={name} type="button" className="button secondary small" aria-pressed={tab === name} onClick={() => setTab(name)}>
            {t(label)}
          </button>
        ))}
      </p>
      {tab === 'alerts' ? (
        <DeskItems t={t} list={alerts} empty="admin.nothing">
          {(items) =>
            items.map((alert) => (
              <li key={alert.id} className="card">
                <ul className="admin-plain">
                  <AlertItem alert={alert} lang={lang} t={t} act={act} />
                </ul>
              </li>
            ))
          }
        </DeskItems>
      ) : tab === 'help' ? (
        <DeskItems t={t} list={help} empty="admin.nothing">
          {(items) =>
            items.map((post) => (
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
                  <HideOrRestore t={t} hidden={post.hidden} path={`/help-posts/${post.kind}/${post.id}`} act={act} />
                </div>
              </li>
            ))
          }
        </DeskItems>
      ) : tab === 'notes' ? (
        <DeskItems t={t} list={notes} empty="admin.nothing">
          {(items) =>
            items.map((note) => (
              <li key={note.id} className="card admin-item" data-admin-note-id={note.id}>
                <ul className="person-notes">
                  <Suspense>
                    <PersonNote note={note} lang={lang} t={t} />
                  </Suspense>
                </ul>
                <div className="admin-actions">
                  {note.hidden && <span className="badge plain">{t('admin.hiddenBadge')}</span>}
                  <a className="button secondary small" href={personPath(note.postId, lang)}>
                    {t('admin.openRecord')}
                  </a>
                  <HideOrRestore t={t} hidden={note.hidden} path={`/lost-found-notes/${note.id}`} act={act} />
                </div>
              </li>
            ))
          }
        </DeskItems>
      ) : (
        <>
          <PfifImport t={t} lang={lang} imported={() => Promise.all([posts.reload(), notes.reload(), onChange()])} />
          <DeskItems t={t} list={posts} empty="admin.nothing">
            {(items) =>
              items.map((post) => (
                <li key={post.id} className="card admin-item" data-post-id={post.id}>
                  <p className="admin-badges">
                    {post.hidden && <span className="badge plain">{t('admin.hiddenBadge')}</span>}
                    {post.sample && <span className="badge">{t('common.sample')}</span>}
                    <span className="note">{formatDate(post.createdAt, lang)}</span>
                  </p>
                  <h3 dir="auto">{post.name}</h3>
                  {post.description && <p dir="auto">{post.description}</p>}
                  <div className="admin-actions">
                    <HideOrRestore t={t} hidden={post.hidden} path={`/lost-found/${post.id}`} act={act} />
                  </div>
                </li>
              ))
            }
          </DeskItems>
        </>
      )}
    </section>
  );
}

/**
 * Imports a PFIF file (Person Finder's exchange format) into the board. The file goes as the
 * request's body, streamed from disk, so a file of several MB is never read into the page.
 */
function PfifImport({ t, lang, imported }: { t: T; lang: Lang; imported: () => Promise<unknown> }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  // `refused` holds the server's line and reason (English, as the file's own words are) or the desk's own words.
  const [result, setResult] = useState<{ done: PfifImportSummary } | { refused: string; english?: true } | null>(null);
  const number = new Intl.NumberFormat(LOCALES[lang]);
  const megabytes = MAX_PFIF_BYTES / 1024 / 1024;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    if (file.size > MAX_PFIF_BYTES) return setResult({ refused: t('admin.pfifTooLarge', { mb: megabytes }) });
    setPending(true);
    setResult(null);
    try {
      const done = await adminApi<PfifImportSummary>('/pfif', { method: 'POST', body: file, headers: { 'content-type': file.type || 'application/xml' } });
      setResult({ done });
      await imported();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      setResult(error instanceof ApiError && error.code === 'invalid_pfif' ? { refused: error.detail, english: true } : { refused: t('admin.actionFailedText') });
    } finally {
      setPending(false);
    }
  }

  const dropped = result && 'done' in result ? Object.entries(result.done.dropped) : [];
  return (
    <section className="card admin-form pfif-import" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('admin.pfifTitle')}</h3>
      <p className="note">{t('admin.pfifLead', { mb: megabytes })}</p>
      <form className="pfif-form" onSubmit={(event) => void send(event)}>
        <label className="button secondary file-button">
          {t(file ? 'admin.pfifChange' : 'admin.pfifChoose')}
          <input type="file" accept=".xml,application/xml,text/xml" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        {file && (
          <bdi className="pfif-file" dir="auto">
            {file.name}
          </bdi>
        )}
        <button className="button" type="submit" disabled={!file || pending}>
          {t(pending ? 'admin.pfifImporting' : 'admin.pfifImport')}
        </button>
      </form>
      {result && 'done' in result && (
        <div className="pfif-result" role="status">
          <p>
            {t('admin.pfifDone', {
              added: number.format(result.done.persons.added),
              updated: number.format(result.done.persons.updated),
              unchanged: number.format(result.done.persons.unchanged),
              expired: number.format(result.done.persons.expired),
              notesAdded: number.format(result.done.notes.added),
              notesSkipped: number.format(result.done.notes.skipped),
            })}
          </p>
          {result.done.maybeSame.length > 0 && (
            <details open>
              <summary>{t('admin.pfifMaybeSame', { count: number.format(result.done.maybeSame.length) })}</summary>
              <ul className="pfif-alike">
                {result.done.maybeSame.map((added) => (
                  <li key={added.id}>
                    {[added, ...added.like].map((record, index) => (
                      <span key={record.id}>
                        {index > 0 && (index === 1 ? ' ~ ' : ', ')}
                        <a href={personPath(record.id, lang)} target="_blank" rel="noopener">
                          <bdi>{record.name}</bdi>
                        </a>
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {dropped.length > 0 && (
            <details>
              <summary>{t('admin.pfifDropped')}</summary>
              <p className="note" dir="ltr">
                {dropped.map(([field, times]) => `${field} (${number.format(times)})`).join(', ')}
              </p>
            </details>
          )}
        </div>
      )}
      {result && 'refused' in result && (
        <div className="admin-problem" role="alert">
          <p>{t('admin.pfifRefused')}</p>
          <p {...(result.english ? { dir: 'ltr', lang: 'en' } : {})}>{result.refused}</p>
        </div>
      )}
    </section>
  );
}
