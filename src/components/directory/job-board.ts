import type { Job } from '../../common/contract/index.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import { BoardElement } from '../../client/board-element.ts';
import { h, icon, PIN } from '../../client/dom.ts';
import { contactLink } from '../../common/format.ts';
import { countyPath } from '../../client/area.ts';
import { createList } from '../../client/lists.ts';
import { showToast } from '../../client/toast.ts';

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

class JobBoard extends BoardElement<Job> {
  protected listAt(county: string | null) {
    return createList<Job>({ path: countyPath('/api/jobs', county), live: 'new-job' });
  }
  #savedSection = this.querySelector<HTMLElement>('.jobs-saved')!;
  #savedNone = this.querySelector<HTMLElement>('.saved-none')!;
  #savedCards = h('ul', { className: 'jobs-grid saved-cards' });
  #saved: Job[] = [];

  protected begin() {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SAVED_KEY || event.key === null) this.#setSaved(readSaved());
    };
    addEventListener('storage', onStorage);
    this.#setSaved(readSaved());
    return [() => removeEventListener('storage', onStorage)];
  }

  protected cardState(job: Job) {
    return this.#saved.some((item) => item.id === job.id);
  }

  #setSaved(jobs: Job[]) {
    this.#saved = jobs;
    this.draw();
    // Only what is true now is in the section: its text never says "none saved" beside a saved job.
    this.#savedNone.hidden = false;
    this.#savedSection.replaceChildren(this.#savedSection.querySelector('h2')!, jobs.length ? this.#savedCards : this.#savedNone);
    this.fill(this.#savedCards, jobs, 'saved');
  }

  #toggle(job: Job) {
    const current = readSaved();
    const wasSaved = current.some((item) => item.id === job.id);
    if (!writeSaved(wasSaved ? current.filter((item) => item.id !== job.id) : [job, ...current])) {
      showToast({ title: this.t('jobs.saveFailed'), variant: 'destructive' });
      return;
    }
    this.#setSaved(readSaved());
    showToast(wasSaved ? { title: this.t('jobs.unsavedToast') } : { title: this.t('jobs.savedToast'), variant: 'success' });
  }

  protected card(job: Job, place: string) {
    const t = this.t;
    const saved = this.#saved.some((item) => item.id === job.id);
    const titleId = `job-${place}-${job.id}`;
    const apply = contactLink(job.contact);
    const badges = [
      job.urgent && h('span', { className: 'badge danger', textContent: t('jobs.urgent') }),
      job.jobType && h('span', { className: 'badge type', textContent: t(`jobType.${job.jobType.replace(/[\s-]/g, '')}` as MessageKey) }),
      job.acceptsNoPapers && h('span', { className: 'badge ok', textContent: t('jobs.noPapers') }),
      job.sample && h('span', { className: 'badge', title: t('common.sampleNote'), textContent: t('common.sample') }),
    ].filter((badge) => !!badge);
    const bdi = (text: string) => h('bdi', { textContent: text });
    const bookmark = h(
      'button',
      { className: 'button secondary jobs-bookmark', type: 'button', attrs: { 'aria-pressed': String(saved), 'aria-describedby': titleId } },
      icon(BOOKMARK, saved ? 'currentColor' : 'none'),
      t(saved ? 'jobs.unsave' : 'jobs.save'),
    );
    bookmark.addEventListener('click', () => this.#toggle(job));
    return h(
      'li',
      { className: 'card jobs-card', attrs: { 'data-job-id': job.id } },
      (job.payRange || badges.length > 0) &&
        h(
          'div',
          { className: 'jobs-card-top' },
          job.payRange && h('p', { className: 'jobs-pay' }, bdi(job.payRange)),
          badges.length > 0 && h('p', { className: 'jobs-badges' }, ...badges),
        ),
      h(place === 'board' ? 'h2' : 'h3', { id: titleId, className: 'jobs-card-title' }, bdi(job.title)),
      job.notes ? h('p', { className: 'jobs-notes', dir: 'auto', textContent: job.notes }) : h('p', { className: 'jobs-notes', textContent: t('jobs.defaultNotes') }),
      (job.city || job.employer) &&
        h(
          'ul',
          { className: 'jobs-facts' },
          job.city && h('li', { className: 'jobs-city' }, icon(PIN), bdi(job.city)),
          job.employer && h('li', { className: 'jobs-employer' }, icon(BUILDING), bdi(job.employer)),
        ),
      h(
        'div',
        { className: 'jobs-card-actions' },
        apply.href &&
          h(
            'a',
            {
              className: 'button jobs-apply',
              href: apply.href,
              attrs: { 'aria-describedby': titleId, ...(apply.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
            },
            t('jobs.apply'),
          ),
        bookmark,
      ),
      h('p', { className: 'jobs-contact note' }, bdi(job.contact)),
    );
  }
}

customElements.define('job-board', JobBoard);
