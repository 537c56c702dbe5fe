import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiErrorBody } from '../contract/index.ts';
import { LIMITS } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { ApiError, failureCause, postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { showToast } from '../lib/toast.ts';


const empty = () => ({ title: '', employer: '', city: '', payRange: '', notes: '', contact: '', acceptsNoPapers: true });
type Form = ReturnType<typeof empty>;
type TextField = Exclude<keyof Form, 'acceptsNoPapers'>;

/** The fields a 400 answer names, so they can be marked on the form. */
function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as ApiErrorBody;
    return Object.keys(body.error.fields ?? {});
  } catch {
    return [];
  }
}

/**
 * /submit-job: a job for the board. It waits for an admin's approval, so nothing appears on
 * /jobs yet. Keeps what was typed when the server refuses; a success clears the form.
 */
export default function SubmitJob({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [form, setForm] = useState<Form>(empty);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const set = (name: TextField) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [name]: event.target.value }));
    setInvalid((fields) => fields.filter((field) => field !== name));
  };

  const refuse = (name: TextField, title: Parameters<typeof t>[0], description: Parameters<typeof t>[0]) => {
    setInvalid([name]);
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
    showToast({ title: t(title), description: t(description), variant: 'destructive' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.title.trim()) return refuse('title', 'submitJob.titleRequired', 'submitJob.titleRequiredText');
    if (!form.contact.trim()) return refuse('contact', 'submitJob.contactRequired', 'submitJob.contactRequiredText');
    setPending(true);
    try {
      await postJson<{ status: 'pending' }>('/api/jobs', form);
      setForm(empty());
      setInvalid([]);
      showToast({ title: t('submitJob.success'), description: t('submitJob.successText'), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        showToast({ title: t('submitJob.rateLimitedTitle'), description: t('submitJob.rateLimitedText'), variant: 'destructive' });
      } else {
        setInvalid(refusedFields(error));
        showToast({ title: t('submitJob.error'), description: t('submitJob.errorText'), variant: 'destructive', cause: failureCause(error) });
      }
    } finally {
      setPending(false);
    }
  }

  const field = (name: TextField) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: set(name),
    dir: 'auto',
    'aria-invalid': invalid.includes(name) || undefined,
  });
  const required = <span className="required-mark" aria-hidden="true">*</span>;

  return (
    <form ref={formRef} className="form-grid" {...postedForm(FORMS.job)} onSubmit={submit} noValidate>
      <FormKeys spec={FORMS.job} lang={lang} />
      <div className="field">
        <label htmlFor={`${id}-title`}>
          {t('submitJob.jobTitle')} {required}
        </label>
        <input {...field('title')} autoComplete="off" maxLength={LIMITS.name} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-employer`}>{t('submitJob.employer')}</label>
        <input {...field('employer')} autoComplete="organization" maxLength={LIMITS.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-city`}>{t('submitJob.city')}</label>
        <input {...field('city')} autoComplete="address-level2" maxLength={LIMITS.city} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-payRange`}>{t('submitJob.payRange')}</label>
        <input {...field('payRange')} autoComplete="off" maxLength={LIMITS.payRange} aria-describedby={`${id}-payRange-hint`} />
        <span className="hint" id={`${id}-payRange-hint`}>
          {t('submitJob.payHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-notes`}>{t('submitJob.notes')}</label>
        <textarea {...field('notes')} maxLength={LIMITS.description} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-contact`}>
          {t('submitJob.contact')} {required}
        </label>
        <input {...field('contact')} autoComplete="off" maxLength={LIMITS.contact} aria-required="true" aria-describedby={`${id}-contact-hint`} />
        <span className="hint" id={`${id}-contact-hint`}>
          {t('submitJob.contactHint')}
        </span>
      </div>
      <label className="choice-option">
        <input
          type="checkbox"
          name="acceptsNoPapers"
          checked={form.acceptsNoPapers}
          onChange={(event) => setForm((current) => ({ ...current, acceptsNoPapers: event.target.checked }))}
        />
        {t('submitJob.noPapers')}
      </label>
      <button className="button" type="submit" disabled={pending}>
        {pending ? t('submitJob.submitting') : t('submitJob.submit')}
      </button>
    </form>
  );
}
