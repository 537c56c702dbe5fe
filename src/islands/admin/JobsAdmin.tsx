import type { AdminJob } from '../../common/contract/index.ts';
import { valueKey } from '../../common/i18n/values.ts';
import { adminIsland, DeskActions, DeskBadges, DeskForm, DeskList, useDesk } from './desk.tsx';
import type { T } from './AdminGate.tsx';
import { JOB_SECTORS, JOB_TYPES, LIMITS } from '../../common/contract/limits.ts';
import { area, choice, text } from '../../common/forms/kit.ts';
import { box, deskForm, required } from '../../common/forms/admin.ts';

const JOB_REQUIRED = required('jobsAdmin.required');
const JOB_DESK_FORM = deskForm('/jobs', 'jobsAdmin.post', { title: 'jobsAdmin.posted', text: 'jobsAdmin.postedText' }, [
  text('title', 'jobsAdmin.jobTitle', LIMITS.name, JOB_REQUIRED),
  text('employer', 'jobsAdmin.company', LIMITS.name, JOB_REQUIRED),
  { ...text('city', 'jobsAdmin.location', LIMITS.city, JOB_REQUIRED), kind: 'place' },
  { ...choice('jobType', 'jobsAdmin.type', JOB_TYPES, (value) => valueKey('jobType', value)), prompt: 'jobsAdmin.chooseType' },
  text('payRange', 'jobsAdmin.pay', LIMITS.payRange),
  text('contact', 'jobsAdmin.contact', LIMITS.contact, required('jobsAdmin.contactRequired')),
  area('notes', 'jobsAdmin.description', LIMITS.description),
  area('requirements', 'jobsAdmin.requirements', LIMITS.description),
  box('urgent', 'jobsAdmin.urgent', false),
  box('acceptsNoPapers', 'jobsAdmin.noDocuments', true),
]);

/** /jobs-admin: post, approve, edit and remove job listings. */
export default adminIsland(JobsDesk);

function JobsDesk({ t }: { t: T }) {
  const desk = useDesk<AdminJob>({
    t,
    path: '/jobs',
    spec: JOB_DESK_FORM,
    body: (values) => ({ ...values, jobType: values.jobType || null }),
    updated: 'jobsAdmin.updated',
    removed: { confirm: 'jobsAdmin.confirmRemove', toast: ['jobsAdmin.deleted', 'jobsAdmin.deletedText'] },
    approve: { action: 'approve', toast: ['jobsAdmin.approved', 'jobsAdmin.approvedText'] },
  });
  const { id } = desk;

  return (
    <>
      <DeskForm
        desk={desk}
        title="jobsAdmin.postTitle"
        editTitle="jobsAdmin.editTitle"
        fields={{
          employer: { autoComplete: 'organization' },
          city: { autoComplete: 'address-level2' },
          payRange: { hint: t('jobsAdmin.payHint') },
          contact: { hint: t('jobsAdmin.contactHint') },
          notes: { wide: true },
          requirements: { wide: true },
        }}
      />

      <DeskList desk={desk} kind="job" title="jobsAdmin.listTitle" empty="jobsAdmin.empty">
        {(job) => (
          <>
            <p className="admin-badges">
              <span className={`badge ${job.status === 'pending' ? '' : 'ok'}`}>{t(job.status === 'pending' ? 'jobsAdmin.pending' : 'jobsAdmin.active')}</span>
              {job.urgent && <span className="badge danger">{t('jobsAdmin.urgentBadge')}</span>}
              {job.jobType && <span className="badge type">{t(valueKey('jobType', job.jobType))}</span>}
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

      <DeskBadges t={t} id={`${id}-sectors`} title="jobsAdmin.sectorsTitle" badges={JOB_SECTORS.map((sector) => [sector, t(valueKey('sector', sector))])} />
    </>
  );
}
