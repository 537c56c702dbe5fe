import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminResource } from '../contract/index.ts';
import { ADMIN_RESOURCE_CATEGORIES, LIMITS, PUBLIC_CATEGORY_OF, type AdminResourceCategory } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Messages } from '../i18n/messages.ts';
import { messageFn } from '../i18n/messages.ts';
import { showToast } from '../lib/toast.ts';
import { adminChange, AdminGate, Field, ListFailed, useAdminList, type T } from './AdminGate.tsx';

const empty = () => ({ name: '', adminCategory: '' as AdminResourceCategory | '', address: '', city: '', phone: '', hours: '', notes: '', services: '', requirements: '', link: '' });
type Form = ReturnType<typeof empty>;
type TextField = Exclude<keyof Form, 'adminCategory'>;

export const adminCategoryKey = (category: AdminResourceCategory) => `adminCategory.${category.replace(/\s/g, '')}` as MessageKey;

/** /resources-admin: add, verify, edit and remove directory entries. */
export default function ResourcesAdmin({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  return <AdminGate lang={lang} t={t}>{() => <ResourcesDesk t={t} />}</AdminGate>;
}

function ResourcesDesk({ t }: { t: T }) {
  const { items, failed, reload } = useAdminList<AdminResource[]>('/resources');
  const [form, setForm] = useState<Form>(empty);
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const set = (name: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setInvalid((fields) => fields.filter((field) => field !== name));
  };

  const edit = (resource: AdminResource) => {
    setEditing(resource.id);
    setInvalid([]);
    setForm({
      name: resource.name,
      adminCategory: resource.adminCategory,
      address: resource.address ?? '',
      city: resource.city ?? '',
      phone: resource.phone ?? '',
      hours: resource.hours ?? '',
      notes: resource.notes ?? '',
      services: resource.services ?? '',
      requirements: resource.requirements ?? '',
      link: resource.link ?? '',
    });
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = (['name', 'adminCategory', 'address'] as const).filter((name) => !form[name].trim());
    if (missing.length) {
      setInvalid(missing);
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      showToast({ title: t('admin.requiredTitle'), description: t('resourcesAdmin.required'), variant: 'destructive' });
      return;
    }
    setPending(true);
    const saved = editing
      ? await adminChange(t, `/resources/${editing}`, 'PUT', form, { title: t('resourcesAdmin.updated'), description: t('admin.updatedText') })
      : await adminChange(t, '/resources', 'POST', form, { title: t('resourcesAdmin.added'), description: t('resourcesAdmin.addedText') });
    setPending(false);
    if (!saved) return;
    setForm(empty());
    setEditing(null);
    await reload();
  }

  async function verify(resource: AdminResource) {
    if (await adminChange(t, `/resources/${resource.id}/verify`, 'POST', undefined, { title: t('resourcesAdmin.verified'), description: t('resourcesAdmin.verifiedText') })) await reload();
  }

  async function remove(resource: AdminResource) {
    if (!window.confirm(t('resourcesAdmin.confirmRemove'))) return;
    if (await adminChange(t, `/resources/${resource.id}`, 'DELETE', undefined, { title: t('resourcesAdmin.deleted'), description: t('resourcesAdmin.deletedText') })) {
      if (editing === resource.id) {
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
        <h2 id={`${id}-form-title`}>{t(editing ? 'resourcesAdmin.editTitle' : 'resourcesAdmin.addTitle')}</h2>
        <form ref={formRef} className="form-grid two" onSubmit={(event) => void submit(event)} noValidate>
          {field('name', 'resourcesAdmin.name', { required: true, maxLength: LIMITS.name })}
          <div className="field">
            <label htmlFor={`${id}-adminCategory`}>
              {t('resourcesAdmin.category')}{' '}
              <span className="required-mark" aria-hidden="true">
                *
              </span>
            </label>
            <select
              id={`${id}-adminCategory`}
              name="adminCategory"
              value={form.adminCategory}
              aria-required="true"
              aria-invalid={invalid.includes('adminCategory') || undefined}
              aria-describedby={form.adminCategory ? `${id}-adminCategory-hint` : undefined}
              onChange={(event) => set('adminCategory')(event.target.value)}
            >
              <option value="">{t('resourcesAdmin.chooseCategory')}</option>
              {ADMIN_RESOURCE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(adminCategoryKey(category))}
                </option>
              ))}
            </select>
            {form.adminCategory && (
              <span className="hint" id={`${id}-adminCategory-hint`}>
                {t('resourcesAdmin.listedUnder', { category: t(`category.${PUBLIC_CATEGORY_OF[form.adminCategory]}` as MessageKey) })}
              </span>
            )}
          </div>
          {field('address', 'resourcesAdmin.address', { required: true, maxLength: 200, autoComplete: 'street-address' })}
          {field('city', 'resourcesAdmin.city', { maxLength: LIMITS.city, autoComplete: 'address-level2' })}
          {field('phone', 'resourcesAdmin.phone', { type: 'tel', maxLength: 40 })}
          {field('hours', 'resourcesAdmin.hours', { maxLength: LIMITS.payRange })}
          {field('link', 'resourcesAdmin.website', { type: 'url', maxLength: LIMITS.url, wide: true })}
          {field('notes', 'resourcesAdmin.description', { multiline: true, wide: true, maxLength: LIMITS.description })}
          {field('services', 'resourcesAdmin.services', { multiline: true, maxLength: LIMITS.description })}
          {field('requirements', 'resourcesAdmin.requirements', { multiline: true, maxLength: LIMITS.description })}
          <div className="admin-form-actions wide">
            <button className="button" type="submit" disabled={pending}>
              {pending ? t('admin.saving') : t(editing ? 'admin.save' : 'resourcesAdmin.add')}
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
        <h2 id={`${id}-list-title`}>{t('resourcesAdmin.listTitle')}</h2>
        {failed && !items ? (
          <ListFailed t={t} reload={reload} />
        ) : items === null ? (
          <p className="note">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="card empty">{t('resourcesAdmin.empty')}</p>
        ) : (
          <ul className="admin-items">
            {items.map((resource) => (
              <li key={resource.id} className="card admin-item" data-resource-id={resource.id}>
                <p className="admin-badges">
                  <span className={`badge ${resource.status === 'pending' ? '' : 'ok'}`}>
                    {t(resource.status === 'pending' ? 'resourcesAdmin.pending' : resource.verified ? 'resourcesAdmin.verifiedBadge' : 'resourcesAdmin.listed')}
                  </span>
                  <span className="badge type">{t(adminCategoryKey(resource.adminCategory))}</span>
                  {resource.sample && <span className="badge">{t('common.sample')}</span>}
                </p>
                <h3 dir="auto">{resource.name}</h3>
                {resource.notes && <p dir="auto">{resource.notes}</p>}
                <ul className="admin-facts">
                  {resource.address && <li dir="auto">{[resource.address, resource.city].filter(Boolean).join(', ')}</li>}
                  {resource.phone && (
                    <li>
                      <bdi>{resource.phone}</bdi>
                    </li>
                  )}
                  {resource.hours && (
                    <li>
                      {t('resourcesAdmin.hours')}: <bdi>{resource.hours}</bdi>
                    </li>
                  )}
                  {resource.services && (
                    <li>
                      {t('resourcesAdmin.services')}: <bdi>{resource.services}</bdi>
                    </li>
                  )}
                  {resource.requirements && (
                    <li>
                      {t('resourcesAdmin.requirements')}: <bdi>{resource.requirements}</bdi>
                    </li>
                  )}
                  {resource.link && (
                    <li>
                      <bdi>{resource.link}</bdi>
                    </li>
                  )}
                </ul>
                <div className="admin-actions">
                  {!resource.verified && (
                    <button type="button" className="button small" onClick={() => void verify(resource)}>
                      {t('resourcesAdmin.verify')}
                    </button>
                  )}
                  <button type="button" className="button secondary small" onClick={() => edit(resource)}>
                    {t('resourcesAdmin.edit')}
                  </button>
                  <button type="button" className="button danger small" onClick={() => void remove(resource)}>
                    {t('resourcesAdmin.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-footer-block" aria-labelledby={`${id}-categories`}>
        <h2 id={`${id}-categories`}>{t('resourcesAdmin.categoriesTitle')}</h2>
        <ul className="admin-badge-grid">
          {ADMIN_RESOURCE_CATEGORIES.map((category) => (
            <li key={category} className="badge type big">
              {t(adminCategoryKey(category))}{' '}
              <span className="admin-count">{items?.filter((item) => item.adminCategory === category).length ?? 0}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
