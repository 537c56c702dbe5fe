import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminDrop } from '../contract/index.ts';
import { LIMITS, type DropStatus } from '../contract/limits.ts';
import { localizePath, type Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { formatDate } from '../lib/format.ts';
import { showToast } from '../lib/toast.ts';
import { adminChange, AdminGate, Field, ListFailed, useAdminList, type T } from './AdminGate.tsx';

const empty = () => ({ title: '', date: '', time: '', meetSpot: '', address: '', city: '', notes: '', whatWeBring: '', volunteersNeeded: '', status: 'active' as DropStatus });
type Form = ReturnType<typeof empty>;

/** The next Saturday (today if it is one) as YYYY-MM-DD: drops happen on Saturdays. */
function nextSaturday(): string {
  const day = new Date();
  day.setDate(day.getDate() + ((6 - day.getDay() + 7) % 7));
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** /drops-admin: create, edit, share and cancel food and supply drops. */
export default function DropsAdmin({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  return <AdminGate lang={lang} t={t}>{() => <DropsDesk lang={lang} t={t} />}</AdminGate>;
}

function DropsDesk({ lang, t }: { lang: Lang; t: T }) {
  const { items, failed, reload } = useAdminList<AdminDrop[]>('/drops');
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
  const showForm = () => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const template = (kind: 'food' | 'toy') => {
    setEditing(null);
    setInvalid([]);
    setForm({
      ...empty(),
      title: t(kind === 'food' ? 'dropsAdmin.foodTitle' : 'dropsAdmin.toyTitle'),
      date: nextSaturday(),
      time: t('dropsAdmin.templateTime'),
      notes: t(kind === 'food' ? 'dropsAdmin.foodDescription' : 'dropsAdmin.toyDescription'),
      whatWeBring: t(kind === 'food' ? 'dropsAdmin.foodItems' : 'dropsAdmin.toyItems'),
      volunteersNeeded: t(kind === 'food' ? 'dropsAdmin.foodVolunteers' : 'dropsAdmin.toyVolunteers'),
    });
    showToast({ title: t('dropsAdmin.templateLoaded'), description: t('dropsAdmin.templateLoadedText') });
    showForm();
  };

  const edit = (drop: AdminDrop) => {
    setEditing(drop.id);
    setInvalid([]);
    setForm({
      title: drop.title ?? '',
      date: drop.date,
      time: drop.time ?? '',
      meetSpot: drop.meetSpot,
      address: drop.address ?? '',
      city: drop.city,
      notes: drop.notes ?? '',
      whatWeBring: drop.whatWeBring ?? '',
      volunteersNeeded: drop.volunteersNeeded ?? '',
      status: drop.status,
    });
    showToast({ title: t('dropsAdmin.editing'), description: t('dropsAdmin.editingText') });
    showForm();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = (['title', 'date', 'meetSpot'] as const).filter((name) => !form[name].trim());
    if (missing.length) {
      setInvalid(missing);
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      showToast({ title: t('admin.requiredTitle'), description: t('dropsAdmin.required'), variant: 'destructive' });
      return;
    }
    setPending(true);
    const saved = editing
      ? await adminChange(t, `/drops/${editing}`, 'PUT', form, { title: t('dropsAdmin.updated'), description: t('admin.updatedText') })
      : await adminChange(t, '/drops', 'POST', form, {
          title: t('dropsAdmin.created'),
          description: t(form.status === 'active' ? 'dropsAdmin.createdText' : 'dropsAdmin.createdPlanningText'),
        });
    setPending(false);
    if (!saved) return;
    setForm(empty());
    setEditing(null);
    await reload();
  }

  async function cancelDrop(drop: AdminDrop) {
    if (!window.confirm(t('dropsAdmin.confirmCancel'))) return;
    if (await adminChange(t, `/drops/${drop.id}`, 'DELETE', undefined, { title: t('dropsAdmin.deleted'), description: t('dropsAdmin.deletedText') })) {
      if (editing === drop.id) {
        setEditing(null);
        setForm(empty());
      }
      await reload();
    }
  }

  async function share(drop: AdminDrop) {
    const when = [formatDate(drop.date, lang), drop.time].filter(Boolean).join(', ');
    const where = [drop.meetSpot, drop.address, drop.city].filter(Boolean).join(', ');
    const text = [
      drop.title,
      drop.notes,
      t('dropsAdmin.shareWhen', { when }),
      t('dropsAdmin.shareWhere', { where }),
      drop.whatWeBring && t('dropsAdmin.shareItems', { items: drop.whatWeBring }),
      t('dropsAdmin.shareNoDocs'),
      `${location.origin}${localizePath('/drops', lang)}`,
    ]
      .filter(Boolean)
      .join('\n');
    if (navigator.share) {
      try {
        await navigator.share({ title: drop.title ?? t('dropsAdmin.title'), text });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      showToast({ title: t('dropsAdmin.copied'), description: t('dropsAdmin.copiedText'), variant: 'success' });
    } catch {
      showToast({ title: t('admin.shareFailed'), variant: 'destructive' });
    }
  }

  const field = (name: keyof Form, label: Parameters<T>[0], extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field id={`${id}-${name}`} name={name} label={t(label)} value={form[name]} onChange={set(name)} invalid={invalid.includes(name)} {...extra} />
  );

  return (
    <>
      <section className="card admin-form" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>{t(editing ? 'dropsAdmin.editTitle' : 'dropsAdmin.createTitle')}</h2>
        <form ref={formRef} className="form-grid two" onSubmit={(event) => void submit(event)} noValidate>
          {field('title', 'dropsAdmin.fieldTitle', { required: true, maxLength: LIMITS.name })}
          {field('date', 'dropsAdmin.date', { required: true, type: 'date' })}
          {field('time', 'dropsAdmin.time', { hint: t('dropsAdmin.timeHint'), maxLength: LIMITS.payRange })}
          {field('meetSpot', 'dropsAdmin.location', { required: true, hint: t('dropsAdmin.locationHint'), maxLength: 200 })}
          {field('address', 'dropsAdmin.address', { maxLength: 200, autoComplete: 'street-address' })}
          {field('city', 'dropsAdmin.city', { maxLength: LIMITS.city, autoComplete: 'address-level2' })}
          {field('whatWeBring', 'dropsAdmin.items', { multiline: true, wide: true, maxLength: LIMITS.description })}
          {field('notes', 'dropsAdmin.description', { multiline: true, wide: true, maxLength: LIMITS.description })}
          {field('volunteersNeeded', 'dropsAdmin.volunteers', { hint: t('dropsAdmin.volunteersHint'), maxLength: LIMITS.payRange })}
          <div className="field">
            <label htmlFor={`${id}-status`}>{t('dropsAdmin.status')}</label>
            <select id={`${id}-status`} name="status" value={form.status} onChange={(event) => set('status')(event.target.value)}>
              <option value="active">{t('dropsAdmin.statusActive')}</option>
              <option value="planning">{t('dropsAdmin.statusPlanning')}</option>
            </select>
          </div>
          <div className="admin-form-actions wide">
            <button className="button" type="submit" disabled={pending}>
              {pending ? t('admin.saving') : t(editing ? 'admin.save' : 'dropsAdmin.create')}
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
        <h2 id={`${id}-list-title`}>{t('dropsAdmin.listTitle')}</h2>
        {failed && !items ? (
          <ListFailed t={t} reload={reload} />
        ) : items === null ? (
          <p className="note">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="card empty">{t('dropsAdmin.empty')}</p>
        ) : (
          <ul className="admin-items">
            {items.map((drop) => (
              <li key={drop.id} className="card admin-item" data-drop-id={drop.id}>
                <p className="admin-badges">
                  <span className={`badge ${drop.status === 'active' ? 'ok' : 'plain'}`}>{t(drop.status === 'active' ? 'dropsAdmin.live' : 'dropsAdmin.planning')}</span>
                  {drop.sample && <span className="badge">{t('common.sample')}</span>}
                </p>
                <h3 dir="auto">{drop.title}</h3>
                <p>
                  {formatDate(drop.date, lang)}
                  {drop.time && (
                    <>
                      {' · '}
                      <bdi>{drop.time}</bdi>
                    </>
                  )}
                </p>
                <p dir="auto">{[drop.meetSpot, drop.address, drop.city].filter(Boolean).join(', ')}</p>
                {drop.whatWeBring && <p dir="auto">{drop.whatWeBring}</p>}
                {drop.notes && (
                  <p className="note" dir="auto">
                    {drop.notes}
                  </p>
                )}
                <p className="note">
                  {drop.volunteersNeeded && (
                    <>
                      {t('dropsAdmin.volunteers')}: <bdi>{drop.volunteersNeeded}</bdi>
                      {' · '}
                    </>
                  )}
                  {t('dropsAdmin.signedUp', { count: drop.volunteers.length })}
                </p>
                {drop.volunteers.length > 0 && (
                  <details>
                    <summary>{t('dropsAdmin.volunteerList')}</summary>
                    <ul>
                      {drop.volunteers.map((person) => (
                        <li key={person.createdAt + person.contact}>
                          <bdi>{person.name}</bdi> · <bdi>{person.contact}</bdi>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <div className="admin-actions">
                  <button type="button" className="button secondary small" onClick={() => edit(drop)}>
                    {t('dropsAdmin.edit')}
                  </button>
                  <button type="button" className="button secondary small" onClick={() => void share(drop)}>
                    {t('dropsAdmin.share')}
                  </button>
                  <button type="button" className="button danger small" onClick={() => void cancelDrop(drop)}>
                    {t('dropsAdmin.cancel')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="admin-footer">
        <button type="button" className="button secondary" onClick={() => template('food')}>
          {t('dropsAdmin.quickFood')}
        </button>
        <button type="button" className="button secondary" onClick={() => template('toy')}>
          {t('dropsAdmin.toyDrive')}
        </button>
        <a className="button secondary" href={localizePath('/drops', lang)}>
          {t('dropsAdmin.viewPublic')}
        </a>
      </div>
    </>
  );
}
