import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, RESOURCE_CATEGORIES, type ResourceCategory } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { ApiError, failureCause, postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { showToast } from '../lib/toast.ts';

const EMPTY_FORM = { name: '', category: RESOURCE_CATEGORIES[0] as ResourceCategory, city: '', address: '', phone: '', link: '', notes: '' };
type Form = typeof EMPTY_FORM;
type FieldName = keyof Form;
const categoryKey = (category: ResourceCategory): MessageKey => `category.${category}`;
const FIELD_ORDER = Object.keys(EMPTY_FORM) as FieldName[];

/** The caps of `resourceInput` that LIMITS does not name. */
const ADDRESS_MAX = 200;
const PHONE_MAX = 40;

/** People type "example.org"; the directory only takes http(s) addresses, so add the scheme. */
const withScheme = (link: string) => {
  const trimmed = link.trim();
  return !trimmed || /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

/** The fields a 400 answer names (`{ error: { fields } }`), in the order of the form. */
function refusedFields(error: unknown): FieldName[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as { error?: { fields?: Record<string, string> } };
    const named = Object.keys(body.error?.fields ?? {});
    return FIELD_ORDER.filter((field) => named.includes(field));
  } catch {
    return [];
  }
}

/**
 * /submit-resource: a resource goes to the admins for review, so it is not listed right away.
 * Keeps everything typed when the server refuses, and points at the field it refused.
 */
export default function SubmitResource({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState<FieldName[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const focus = (field: FieldName) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.name.trim()) {
      setInvalid(['name']);
      focus('name');
      showToast({ title: t('submitResource.nameRequired'), description: t('submitResource.nameRequiredText'), variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await postJson<{ status: 'pending' }>('/api/resources', { ...form, link: withScheme(form.link) });
      setForm(EMPTY_FORM);
      setInvalid([]);
      showToast({ title: t('submitResource.success'), description: t('submitResource.successText'), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        showToast({ title: t('submitResource.rateLimitedTitle'), description: t('submitResource.rateLimitedText'), variant: 'destructive' });
      } else {
        const fields = refusedFields(error);
        setInvalid(fields);
        if (fields[0]) focus(fields[0]);
        showToast({ title: t('submitResource.error'), description: t('submitResource.errorText'), variant: 'destructive', cause: failureCause(error) });
      }
    } finally {
      setPending(false);
    }
  }

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setInvalid((current) => current.filter((other) => other !== name));
    },
    'aria-invalid': invalid.includes(name) || undefined,
  });

  return (
    <form ref={formRef} className="form-grid two" {...postedForm(FORMS.resource)} onSubmit={submit} noValidate>
      <FormKeys spec={FORMS.resource} lang={lang} />
      <div className="field wide">
        <label htmlFor={`${id}-name`}>
          {t('submitResource.name')} <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input {...field('name')} autoComplete="off" maxLength={LIMITS.name} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>{t('submitResource.category')}</label>
        <select {...field('category')}>
          {RESOURCE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(categoryKey(category))}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-city`}>{t('submitResource.city')}</label>
        <input {...field('city')} autoComplete="off" maxLength={LIMITS.city} />
      </div>
      <div className="field wide">
        <label htmlFor={`${id}-address`}>{t('submitResource.address')}</label>
        <input {...field('address')} autoComplete="off" maxLength={ADDRESS_MAX} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('submitResource.phone')}</label>
        <input {...field('phone')} type="tel" inputMode="tel" dir="ltr" autoComplete="off" maxLength={PHONE_MAX} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-link`}>{t('submitResource.link')}</label>
        <input {...field('link')} type="url" inputMode="url" dir="ltr" autoComplete="off" maxLength={LIMITS.url} placeholder="https://" />
      </div>
      <div className="field wide">
        <label htmlFor={`${id}-notes`}>{t('submitResource.notes')}</label>
        <textarea {...field('notes')} dir="auto" maxLength={LIMITS.description} />
      </div>
      <div className="wide">
        <button className="button" type="submit" disabled={pending}>
          {pending ? t('submitResource.submitting') : t('submitResource.submit')}
        </button>
      </div>
    </form>
  );
}
