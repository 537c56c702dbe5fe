import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminJob } from '../contract/index.ts';
import { JOB_SECTORS, JOB_TYPES, LIMITS, type JobType } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { showToast } from '../lib/toast.ts';
import { adminChange, AdminGate, Field, ListFailed, useAdminList, type T } from './AdminGate.tsx';

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
type TextField = Exclude<keyof Form, 'urgent' | 'acceptsNoPapers' | 'jobType'>;

const keyOf = (prefix: string, value: string) => `${prefix}.${value.replace(/[\s-]/g, '')}` as MessageKey;

/** /jobs-admin: post, approve, edit and remove job listings. */
export default function JobsAdmin({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  return <AdminGate lang={lang} t={t}>{() => <JobsDesk t={t} />}</AdminGate>;
}

function JobsDesk({ t }: { t: T }) {
  const { items, failed, reload } = useAdminList<AdminJob[]>('/jobs');
  const [form, setForm] = useState<Form>(empty);
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const set = (name: keyof Form) => (value: string | boolean) => {
    setForm((current) => ({ ...current, [name]: value }));
    setInvalid((fields) => fields.filter((field) => field !== name));
  };

  const edit = (job: AdminJob) => {
    setEditing(job.id);
    setInvalid([]);
    setForm({
      title: job.title,
      employer: job.employer ?? '',
      city: job.city ?? '',
      jobType: job.jobType ?? '',
      payRange: job.payRange ?? '',
      notes: job.notes ?? '',
      requirements: job.requirements ?? '',
      contact: job.contact,
      urgent: job.urgent,
      acceptsNoPapers: job.acceptsNoPapers,
    });
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = (['title', 'employer', 'city'] as const).filter((name) => !form[name].trim());
    const refuse = (fields: string[], description: MessageKey) => {
      setInvalid(fields);
      formRef.current?.querySelector<HTMLElement>(`[name="${fields[0]}"]`)?.focus();
      showToast({ title: t('admin.requiredTitle'), description: t(description), variant: 'destructive' });
    };
    if (missing.length) return refuse(missing, 'jobsAdmin.required');
    if (!form.contact.trim()) return refuse(['contact'], 'jobsAdmin.contactRequired');
    setPending(true);
    const body = { ...form, jobType: form.jobType || null };
    const saved = editing
      ? await adminChange(t, `/jobs/${editing}`, 'PUT', body, { title: t('jobsAdmin.updated'), description: t('admin.updatedText') })
      : await adminChange(t, '/jobs', 'POST', body, { title: t('jobsAdmin.posted'), description: t('jobsAdmin.postedText') });
    setPending(false);
    if (!saved) return;
    setForm(empty());
    setEditing(null);
    await reload();
  }

  async function approve(job: AdminJob) {
    if (await adminChange(t, `/jobs/${job.id}/approve`, 'POST', undefined, { title: t('jobsAdmin.approved'), description: t('jobsAdmin.approvedText') })) await reload();
  }

  async function remove(job: AdminJob) {
    if (!window.confirm(t('jobsAdmin.confirmRemove'))) return;
    if (await adminChange(t, `/jobs/${job.id}`, 'DELETE', undefined, { title: t('jobsAdmin.deleted'), description: t('jobsAdmin.deletedText') })) {
      if (editing === job.id) {
        setEditing(null);
        setForm(empty());
      }
      await reload();
    }
  }

  const field = (name: TextField, label: MessageKey, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field id={`${id}-${name}`} name={name} label={t(label)} value={form[name]} onChange={set(name)} invalid={invalid.includes(name)} {...extra} />
  );

  return (
    <>
      <section className="card admin-form" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>{t(editing ? 'jobsAdmin.editTitle' : 'jobsAdmin.postTitle')}</h2>
        <form ref={formRef} className="form-grid two" onSubmit={(event) => void submit(event)} noValidate>
          {field('title', 'jobsAdmin.jobTitle', { required: true, maxLength: LIMITS.name })}
          {field('employer', 'jobsAdmin.company', { required: true, maxLength: LIMITS.name, autoComplete: 'organization' })}
          {field('city', 'jobsAdmin.location', { required: true, maxLength: LIMITS.city, autoComplete: 'address-level2' })}
          <div className="field">
            <label htmlFor={`${id}-jobType`}>{t('jobsAdmin.type')}</label>
            <select id={`${id}-jobType`} name="jobType" value={form.jobType} onChange={(event) => set('jobType')(event.target.value)}>
              <option value="">{t('jobsAdmin.chooseType')}</option>
              {JOB_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(keyOf('jobType', type))}
                </option>
              ))}
            </select>
          </div>
          {field('payRange', 'jobsAdmin.pay', { hint: t('jobsAdmin.payHint'), maxLength: LIMITS.payRange })}
          {field('contact', 'jobsAdmin.contact', { required: true, hint: t('jobsAdmin.contactHint'), maxLength: LIMITS.contact })}
          {field('notes', 'jobsAdmin.description', { multiline: true, wide: true, maxLength: LIMITS.description })}
          {field('requirements', 'jobsAdmin.requirements', { multiline: true, wide: true, maxLength: LIMITS.description })}
          <label className="choice-option">
            <input type="checkbox" name="urgent" checked={form.urgent} onChange={(event) => set('urgent')(event.target.checked)} />
            {t('jobsAdmin.urgent')}
          </label>
          <label className="choice-option">
            <input type="checkbox" name="acceptsNoPapers" checked={form.acceptsNoPapers} onChange={(event) => set('acceptsNoPapers')(event.target.checked)} />
            {t('jobsAdmin.noDocuments')}
          </label>
          <div className="admin-form-actions wide">
            <button className="button" type="submit" disabled={pending}>
              {pending ? t('admin.saving') : t(editing ? 'admin.save' : 'jobsAdmin.post')}
            </button>
            {editing && (
              <button
                className="button secondary"
                type="button"
                onClick={() => {
                  setEditing(null);
                  setForm(empty());
                }}
              >
                {t('admin.stopEditing')}
              </button>
            )}
          </div>
        </form>
      </section>

      <section className="admin-list" aria-labelledby={`${id}-list-title`} aria-busy={items === null && !failed}>
        <h2 id={`${id}-list-title`}>{t('jobsAdmin.listTitle')}</h2>
        {failed && !items ? (
          <ListFailed t={t} reload={reload} />
        ) : items === null ? (
          <p className="note">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="card empty">{t('jobsAdmin.empty')}</p>
        ) : (
          <ul className="admin-items">
            {items.map((job) => (
              <li key={job.id} className="card admin-item" data-job-id={job.id}>
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
                <div className="admin-actions">
                  {job.status === 'pending' && (
                    <button type="button" className="button small" onClick={() => void approve(job)}>
                      {t('jobsAdmin.approve')}
                    </button>
                  )}
                  <button type="button" className="button secondary small" onClick={() => edit(job)}>
                    {t('jobsAdmin.edit')}
                  </button>
                  <button type="button" className="button danger small" onClick={() => void remove(job)}>
                    {t('jobsAdmin.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-footer-block" aria-labelledby={`${id}-sectors`}>
        <h2 id={`${id}-sectors`}>{t('jobsAdmin.sectorsTitle')}</h2>
        <ul className="admin-badge-grid">
          {JOB_SECTORS.map((sector) => (
            <li key={sector} className="badge type big">
              {t(keyOf('sector', sector))}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
