import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../contract/limits.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { postJson } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';

const EMPTY_FORM = { city: '', details: '', contact: '' };
type Form = typeof EMPTY_FORM;

/**
 * The SOS request form on /sos: only the details are required. The request goes to the admins
 * and is never listed. Cleared after a success, kept as typed when sending fails.
 */
export default function SosForm({ messages }: { messages: Messages }) {
  const t = messageFn(messages);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [detailsInvalid, setDetailsInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const change = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'details') setDetailsInvalid(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.details.trim()) {
      setDetailsInvalid(true);
      detailsRef.current?.focus();
      showToast({ title: t('sos.detailsRequired'), description: t('sos.detailsRequiredText'), variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await postJson('/api/sos', form);
      setForm(EMPTY_FORM);
      showToast({ title: t('sos.sent'), description: t('sos.sentText'), variant: 'success' });
    } catch {
      showToast({ title: t('sos.error'), description: t('sos.errorText'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof Form) => ({ id: `${id}-${name}`, name, value: form[name], onChange: change(name) });

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-city`}>{t('sos.city')}</label>
        <input {...field('city')} autoComplete="off" maxLength={LIMITS.city} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-details`}>
          {t('sos.details')} <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <textarea {...field('details')} ref={detailsRef} maxLength={LIMITS.description} aria-required="true" aria-invalid={detailsInvalid || undefined} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-contact`}>{t('sos.contact')}</label>
        <input {...field('contact')} autoComplete="off" maxLength={LIMITS.contact} />
      </div>
      <button className="button sos-send" type="submit" disabled={pending}>
        {pending ? t('sos.submitting') : t('sos.submit')}
      </button>
    </form>
  );
}
