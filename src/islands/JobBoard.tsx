import { useEffect, useState } from 'react';
import type { Job } from '../contract/index.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { contactLink } from '../lib/format.ts';
import { showToast } from '../lib/toast.ts';
import { listUrl } from '../lib/lists.ts';
import { useLiveList } from '../lib/use-list.ts';
import { ListStates } from './ListStates.tsx';

type T = ReturnType<typeof messageFn>;

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

/**
 * The jobs bookmarked on this device; null until read (the page is prebuilt without them).
 * Follows changes made in other tabs.
 */
function useSavedJobs() {
  const [saved, setSaved] = useState<Job[] | null>(null);

  useEffect(() => {
    setSaved(readSaved());
    const onStorage = (event: StorageEvent) => {
      if (event.key === SAVED_KEY || event.key === null) setSaved(readSaved());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  /** Saves or forgets a job; false when the device refused to store it. */
  const toggle = (job: Job): { ok: boolean; saved: boolean } => {
    const current = readSaved();
    const wasSaved = current.some((item) => item.id === job.id);
    const next = wasSaved ? current.filter((item) => item.id !== job.id) : [job, ...current];
    if (!writeSaved(next)) return { ok: false, saved: wasSaved };
    setSaved(next);
    return { ok: true, saved: !wasSaved };
  };

  return { saved, toggle };
}

const LIST_PATH = '/api/jobs';
/** The board's first request, asked for with the page (Page's `preload`). */
export const FIRST_PAGE = listUrl(LIST_PATH);

/** /jobs: the approved jobs, newest first, and the ones bookmarked on this device. */
export default function JobBoard({ messages }: { messages: Messages }) {
  const t = messageFn(messages);
  const list = useLiveList<Job>(LIST_PATH, 'new-job');
  const { saved, toggle } = useSavedJobs();
  const savedIds = new Set((saved ?? []).map((job) => job.id));

  const onBookmark = (job: Job) => {
    const result = toggle(job);
    if (!result.ok) {
      showToast({ title: t('jobs.saveFailed'), variant: 'destructive' });
      return;
    }
    showToast(result.saved ? { title: t('jobs.savedToast'), variant: 'success' } : { title: t('jobs.unsavedToast') });
  };

  return (
    <div className="jobs-board">
      <section className="jobs-list" aria-labelledby="jobs-page-title" aria-busy={list.loading}>
        <ListStates list={list} t={t} empty={t('jobs.empty')}>
          {(jobs) => (
            <ul className="jobs-grid">
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} place="board" saved={savedIds.has(job.id)} onBookmark={onBookmark} t={t} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>

      <section className="jobs-saved" aria-labelledby="jobs-saved-title">
        <h2 id="jobs-saved-title">{t('jobs.saved')}</h2>
        {saved === null ? null : saved.length === 0 ? (
          <p className="note">{t('jobs.savedNone')}</p>
        ) : (
          <ul className="jobs-grid">
            {saved.map((job) => (
              <JobCard key={job.id} job={job} place="saved" saved onBookmark={onBookmark} t={t} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function JobCard({ job, place, saved, onBookmark, t }: { job: Job; place: 'board' | 'saved'; saved: boolean; onBookmark: (job: Job) => void; t: T }) {
  const apply = contactLink(job.contact);
  const titleId = `job-${place}-${job.id}`;
  const Heading = place === 'board' ? 'h2' : 'h3';
  return (
    <li className="card jobs-card" data-job-id={job.id}>
      {(job.payRange || job.acceptsNoPapers || job.urgent || job.jobType || job.sample) && (
        <div className="jobs-card-top">
          {job.payRange && (
            <p className="jobs-pay">
              <bdi>{job.payRange}</bdi>
            </p>
          )}
          {(job.acceptsNoPapers || job.urgent || job.jobType || job.sample) && (
            <p className="jobs-badges">
              {job.urgent && <span className="badge danger">{t('jobs.urgent')}</span>}
              {job.jobType && <span className="badge type">{t(`jobType.${job.jobType.replace(/[\s-]/g, '')}` as MessageKey)}</span>}
              {job.acceptsNoPapers && <span className="badge ok">{t('jobs.noPapers')}</span>}
              {job.sample && (
                <span className="badge" title={t('common.sampleNote')}>
                  {t('common.sample')}
                </span>
              )}
            </p>
          )}
        </div>
      )}
      <Heading id={titleId} className="jobs-card-title">
        <bdi>{job.title}</bdi>
      </Heading>
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
              <PinIcon />
              <bdi>{job.city}</bdi>
            </li>
          )}
          {job.employer && (
            <li className="jobs-employer">
              <BuildingIcon />
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
        <button className="button secondary jobs-bookmark" type="button" aria-pressed={saved} aria-describedby={titleId} onClick={() => onBookmark(job)}>
          <BookmarkIcon filled={saved} />
          {saved ? t('jobs.unsave') : t('jobs.save')}
        </button>
      </div>
      <p className="jobs-contact note">
        <bdi>{job.contact}</bdi>
      </p>
    </li>
  );
}

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

function PinIcon() {
  return (
    <svg {...iconProps} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

function BuildingIcon() {
  return (
    <svg {...iconProps} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <rect x="4" y="3" width="16" height="18" rx="1" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3" />
    </svg>
  );
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...iconProps} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <path d="M6 3h12v18l-6-4.5L6 21z" />
    </svg>
  );
}
