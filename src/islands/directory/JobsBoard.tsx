import { useEffect, useState } from 'react';
import type { Job } from '../../common/contract/index.ts';
import { contactLink } from '../../common/format.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import type { BoardStart } from '../../client/lists.ts';
import { showToast } from '../../client/toast.ts';
import { Icon, PIN } from '../shared/Icon.tsx';
import { ListStates } from '../shared/ListStates.tsx';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';

type T = ReturnType<typeof messageFn>;

export const LIST_PATH = '/api/jobs';

/** Where bookmarked jobs are kept on the device: whole jobs, so they outlive their listing. */
const SAVED_KEY = 'savedJobs';

const isJob = (value: unknown): value is Job =>
  typeof value === 'object' && value !== null && typeof (value as Job).id === 'string' && typeof (value as Job).title === 'string' && typeof (value as Job).contact === 'string';

function readSaved(): Job[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isJob) : [];
  } catch {
    return [];
  }
}

function writeSaved(jobs: Job[]): boolean {
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(jobs));
    return true;
  } catch {
    return false;
  }
}

const BUILDING = '<rect x="4" y="3" width="16" height="18" rx="1"/><path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3"/>';
const BOOKMARK = '<path d="M6 3h12v18l-6-4.5L6 21z"/>';

/**
 * /jobs: the approved jobs, newest first (in the page's county), and the ones bookmarked on this
 * device. The server draws the first cards from `first`; the island wakes from them. Bookmarks
 * live on the phone only, so their section comes with the script.
 */
export default function JobsBoard({ lang, messages, first }: { lang: Lang; messages: Messages; first: BoardStart<Job> | null }) {
  const t = messageFn(messages, lang);
  const county = useBoardCounty(first);
  const list = useLiveList<Job>(countyPath(LIST_PATH, county), 'new-job', { first });
  /** The jobs bookmarked on this device; null until read (on the phone, after the page wakes). */
  const [saved, setSaved] = useState<Job[] | null>(null);

  useEffect(() => {
    const sync = () => setSaved(readSaved());
    sync();
    const onStorage = (event: StorageEvent) => (event.key === SAVED_KEY || event.key === null) && sync();
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, []);

  const toggle = (job: Job) => {
    const current = readSaved();
    const wasSaved = current.some((item) => item.id === job.id);
    if (!writeSaved(wasSaved ? current.filter((item) => item.id !== job.id) : [job, ...current])) {
      showToast({ title: t('jobs.saveFailed'), variant: 'destructive' });
      return;
    }
    setSaved(readSaved());
    showToast(wasSaved ? { title: t('jobs.unsavedToast') } : { title: t('jobs.savedToast'), variant: 'success' });
  };
  const card = (job: Job, place: 'board' | 'saved') => (
    <JobCard key={job.id} job={job} place={place} t={t} saved={saved && saved.some((item) => item.id === job.id)} onToggle={() => toggle(job)} />
  );

  return (
    <div className="jobs-board">
      <section className="jobs-list" aria-labelledby="jobs-page-title" aria-busy={list.loading}>
        <ListStates list={list} t={t} empty={t('jobs.empty')} firstShown={first?.shown} board={{ path: localizePath('/jobs', lang), county }}>
          {(jobs) => <ul className="jobs-grid">{jobs.map((job) => card(job, 'board'))}</ul>}
        </ListStates>
      </section>
      {saved && (
        <section className="jobs-saved" aria-labelledby="jobs-saved-title">
          <h2 id="jobs-saved-title">{t('jobs.saved')}</h2>
          {saved.length ? <ul className="jobs-grid saved-cards">{saved.map((job) => card(job, 'saved'))}</ul> : <p className="note saved-none">{t('jobs.savedNone')}</p>}
        </section>
      )}
    </div>
  );
}

/**
 * One job: pay and badges, title, notes, city and employer, Apply (its contact as a link) and the
 * bookmark, which keeps the job on the phone and so is offered once the page's script can
 * (`saved` null before).
 */
function JobCard({ job, place, t, saved, onToggle }: { job: Job; place: 'board' | 'saved'; t: T; saved: boolean | null; onToggle: () => void }) {
  const titleId = `job-${place}-${job.id}`;
  const apply = contactLink(job.contact);
  const Title = place === 'board' ? 'h2' : 'h3';
  const badges = [
    job.urgent && (
      <span key="urgent" className="badge danger">
        {t('jobs.urgent')}
      </span>
    ),
    job.jobType && (
      <span key="type" className="badge type">
        {t(`jobType.${job.jobType.replace(/[\s-]/g, '')}` as MessageKey)}
      </span>
    ),
    job.acceptsNoPapers && (
      <span key="papers" className="badge ok">
        {t('jobs.noPapers')}
      </span>
    ),
    job.sample && (
      <span key="sample" className="badge" title={t('common.sampleNote')}>
        {t('common.sample')}
      </span>
    ),
  ].filter(Boolean);
  return (
    <li className="card jobs-card" data-job-id={job.id}>
      {(job.payRange || badges.length > 0) && (
        <div className="jobs-card-top">
          {job.payRange && (
            <p className="jobs-pay">
              <bdi>{job.payRange}</bdi>
            </p>
          )}
          {badges.length > 0 && <p className="jobs-badges">{badges}</p>}
        </div>
      )}
      <Title id={titleId} className="jobs-card-title">
        <bdi>{job.title}</bdi>
      </Title>
      {job.notes ? (
        <p className="jobs-notes" dir="auto">
          {job.notes}
        </p>
      ) : (
        <p className="jobs-notes">{t('jobs.defaultNotes')}</p>
      )}
      {(job.city || job.employer) && (
        <ul className="jobs-facts">
          {job.city && (
            <li className="jobs-city">
              <Icon inner={PIN} />
              <bdi>{job.city}</bdi>
            </li>
          )}
          {job.employer && (
            <li className="jobs-employer">
              <Icon inner={BUILDING} />
              <bdi>{job.employer}</bdi>
            </li>
          )}
        </ul>
      )}
      <div className="jobs-card-actions">
        {apply.href && (
          <a className="button jobs-apply" href={apply.href} aria-describedby={titleId} {...(apply.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {t('jobs.apply')}
          </a>
        )}
        {saved !== null && (
          <button className="button secondary jobs-bookmark" type="button" aria-pressed={saved} aria-describedby={titleId} onClick={onToggle}>
            <Icon inner={BOOKMARK} fill={saved ? 'currentColor' : 'none'} />
            {t(saved ? 'jobs.unsave' : 'jobs.save')}
          </button>
        )}
      </div>
      <p className="jobs-contact note">
        <bdi>{job.contact}</bdi>
      </p>
    </li>
  );
}
