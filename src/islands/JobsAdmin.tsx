import type { AdminJob } from '../contract/index.ts';
import { JOB_SECTORS, JOB_TYPES, LIMITS, type JobType } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { adminIsland, DeskActions, DeskBadges, DeskForm, DeskList, useDesk } from './admin/desk.tsx';
import type { T } from './AdminGate.tsx';

const empty = () => ({
  title: '',
  employer: '',
  city: '',
  jobType: '' as JobType | '',
  payRange: '',
  notes: '',
  requirements: '',
  contact: '',
  urgent: false,
  acceptsNoPapers: true,
});
type Form = ReturnType<typeof empty>;

const keyOf = (prefix: string, value: string) => `${prefix}.${value.replace(/[\s-]/g, '')}` as MessageKey;

/** /jobs-admin: post, approve, edit and remove job listings. */
export default adminIsland(JobsDesk);

function JobsDesk({ t }: { t: T }) {
  const desk = useDesk<AdminJob, Form>({
    t,
    path: '/jobs',
    empty,
    required: [
      [['title', 'employer', 'city'], 'jobsAdmin.required'],
      [['contact'], 'jobsAdmin.contactRequired'],
    ],
    body: (form) => ({ ...form, jobType: form.jobType || null }),
    created: () => ({ title: t('jobsAdmin.posted'), description: t('jobsAdmin.postedText') }),
    updated: 'jobsAdmin.updated',
    removed: { confirm: 'jobsAdmin.confirmRemove', toast: ['jobsAdmin.deleted', 'jobsAdmin.deletedText'] },
    approve: { action: 'approve', toast: ['jobsAdmin.approved', 'jobsAdmin.approvedText'] },
  });
  const { field, id } = desk;

  return (
    <>
      <DeskForm desk={desk} title="jobsAdmin.postTitle" editTitle="jobsAdmin.editTitle" submit="jobsAdmin.post">
        {field('title', 'jobsAdmin.jobTitle', { required: true, maxLength: LIMITS.name })}
        {field('employer', 'jobsAdmin.company', { required: true, maxLength: LIMITS.name, autoComplete: 'organization' })}
        {field('city', 'jobsAdmin.location', { required: true, maxLength: LIMITS.city, autoComplete: 'address-level2' })}
        {desk.select('jobType', 'jobsAdmin.type', [['', t('jobsAdmin.chooseType')], ...JOB_TYPES.map((type) => [type, t(keyOf('jobType', type))] as const)])}
        {field('payRange', 'jobsAdmin.pay', { hint: t('jobsAdmin.payHint'), maxLength: LIMITS.payRange })}
        {field('contact', 'jobsAdmin.contact', { required: true, hint: t('jobsAdmin.contactHint'), maxLength: LIMITS.contact })}
        {field('notes', 'jobsAdmin.description', { multiline: true, wide: true, maxLength: LIMITS.description })}
        {field('requirements', 'jobsAdmin.requirements', { multiline: true, wide: true, maxLength: LIMITS.description })}
        {desk.check('urgent', 'jobsAdmin.urgent')}
        {desk.check('acceptsNoPapers', 'jobsAdmin.noDocuments')}
      </DeskForm>

      <DeskList desk={desk} kind="job" title="jobsAdmin.listTitle" empty="jobsAdmin.empty">
        {(job) => (
          <>
            <p className="admin-badges">
              <span className={`badge ${job.status === 'pending' ? '' : 'ok'}`}>{t(job.status === 'pending' ? 'jobsAdmin.pending' : 'jobsAdmin.active')}</span>
              {job.urgent && <span className="badge danger">{t('jobsAdmin.urgentBadge')}</span>}
              {job.jobType && <span className="badge type">{t(keyOf('jobType', job.jobType))}</span>}
              {job.acceptsNoPapers && <span className="badge ok">{t('jobsAdmin.noDocuments')}</span>}
              {job.sample && <span className="badge">{t('common.sample')}</span>}
            </p>
            <h3 dir="auto">{job.title}</h3>
            <ul className="admin-facts">
              {(job.employer || job.city) && <li dir="auto">{[job.employer, job.city].filter(Boolean).join(' · ')}</li>}
              {job.payRange && (
                <li>
                  <bdi>{job.payRange}</bdi>
                </li>
              )}
              <li>
                <bdi>{job.contact}</bdi>
              </li>
            </ul>
            {job.notes && <p dir="auto">{job.notes}</p>}
            {job.requirements && (
              <p className="note">
                {t('jobsAdmin.requirements')}: <bdi>{job.requirements}</bdi>
              </p>
            )}
            <DeskActions desk={desk} item={job} approve={job.status === 'pending' && 'jobsAdmin.approve'} edit="jobsAdmin.edit" remove="jobsAdmin.remove" />
          </>
        )}
      </DeskList>

      <DeskBadges t={t} id={`${id}-sectors`} title="jobsAdmin.sectorsTitle" badges={JOB_SECTORS.map((sector) => [sector, t(keyOf('sector', sector))])} />
    </>
  );
}
