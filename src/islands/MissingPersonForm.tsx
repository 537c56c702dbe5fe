import { useId, useState, type FormEvent } from 'react';
import type { Created, LostFoundPost } from '../contract/index.ts';
import { LIMITS } from '../contract/limits.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { postJson } from '../lib/api.ts';
import { rememberPost } from '../lib/my-posts.ts';
import { expectOwnEvent } from '../lib/own-posts.ts';
import { showToast } from '../lib/toast.ts';
import { PhotoField } from './PhotoField.tsx';

const EMPTY = { name: '', lastSeenCity: '', lastSeenDate: '', description: '', contact: '' };
type Form = typeof EMPTY;
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * A missing person: 'inline' on /lost-found, or 'submit' on /submit-missing, where the contact
 * is required too. Both carry one photo. Keeps what was typed when the server refuses.
 */
export function MissingPersonForm({ variant, t, onPosted }: { variant: 'inline' | 'submit'; t: (key: MessageKey, vars?: Vars) => string; onPosted?: (post: LostFoundPost) => void }) {
  const submitPage = variant === 'submit';
  const [form, setForm] = useState<Form>(EMPTY);
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const [invalid, setInvalid] = useState<keyof Form | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();

  const change = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (invalid === field) setInvalid(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refuse = (field: keyof Form, title: MessageKey, description: MessageKey) => {
      setInvalid(field);
      event.currentTarget.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      showToast({ title: t(title), description: t(description), variant: 'destructive' });
    };
    if (!form.name.trim()) return refuse('name', 'lostFound.nameRequired', submitPage ? 'submitMissing.nameRequiredText' : 'lostFound.nameRequiredText');
    if (submitPage && !form.contact.trim()) return refuse('contact', 'submitMissing.contactRequired', 'submitMissing.contactRequiredText');
    setPending(true);
    // The room may echo the post back before its response arrives, so say so before sending.
    expectOwnEvent({ event: 'new-missing-person', data: { name: form.name.trim(), lastSeenCity: form.lastSeenCity.trim() || null } });
    try {
      const { manageToken, ...created } = await postJson<Created<LostFoundPost>>('/api/lost-found', { ...form, photoUrl: photo.url });
      rememberPost({ kind: 'missing', id: created.id, token: manageToken, title: created.name, createdAt: created.createdAt });
      setForm(EMPTY);
      setPhoto({ url: null, uploading: false });
      showToast({ title: t(submitPage ? 'submitMissing.success' : 'lostFound.success'), description: t('lostFound.manageSaved'), variant: 'success', duration: 8000 });
      onPosted?.(created);
    } catch {
      showToast({ title: t(submitPage ? 'submitMissing.error' : 'lostFound.errorTitle'), description: t('lostFound.errorText'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof Form) => ({ id: `${id}-${name}`, name, value: form[name], onChange: change(name), 'aria-invalid': invalid === name || undefined });
  const required = <span className="required-mark" aria-hidden="true">*</span>;

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          {t('lostFound.name')} {required}
        </label>
        <input {...field('name')} autoComplete="off" maxLength={LIMITS.name} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-lastSeenCity`}>{t('lostFound.lastSeenCity')}</label>
        <input {...field('lastSeenCity')} autoComplete="off" maxLength={LIMITS.city} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-lastSeenDate`}>{t('lostFound.lastSeenDate')}</label>
        <input {...field('lastSeenDate')} type="date" max={today()} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('lostFound.description')}</label>
        <textarea {...field('description')} maxLength={LIMITS.description} aria-describedby={`${id}-description-hint`} />
        <span className="hint" id={`${id}-description-hint`}>
          {t('lostFound.descriptionHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-contact`}>
          {t('lostFound.contact')} {submitPage && required}
        </label>
        <input {...field('contact')} autoComplete="off" maxLength={LIMITS.contact} aria-required={submitPage || undefined} aria-describedby={`${id}-contact-hint`} />
        <span className="hint" id={`${id}-contact-hint`}>
          {t('lostFound.contactHint')}
        </span>
      </div>
      <PhotoField kind="missing-persons" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
      <button className="button" type="submit" disabled={pending || photo.uploading}>
        {pending ? t(submitPage ? 'submitMissing.submitting' : 'lostFound.submitting') : t(submitPage ? 'submitMissing.submit' : 'lostFound.submit')}
      </button>
    </form>
  );
}
