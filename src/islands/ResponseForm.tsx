import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { failureCause, postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { showToast } from '../lib/toast.ts';
import { failureText } from './HelpPostForm.tsx';

type T = (key: MessageKey, vars?: Vars) => string;
const EMPTY = { responderName: '', responderContact: '', message: '' };

/**
 * Offer Help (to a request) or Contact Owner (of an offer): name, contact and message, all
 * required after trimming. Keeps what was typed when sending fails.
 */
export function ResponseForm({ to, lang, t, onSent }: { to: { requestId: string } | { offerId: string }; lang: Lang; t: T; onSent: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const helping = 'requestId' in to;
  const spec = FORMS[helping ? 'offerHelp' : 'claimItem'];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const blank = (Object.keys(form) as (keyof typeof EMPTY)[]).find((name) => !form[name].trim());
    if (blank) {
      setProblem(`${t('help.requiredMissing')}: ${t('help.requiredMissingText')}`);
      event.currentTarget.querySelector<HTMLElement>(`[name="${blank}"]`)?.focus();
      showToast({ title: t('help.requiredMissing'), description: t('help.requiredMissingText'), variant: 'destructive' });
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      await postJson('/api/assistance-responses', { ...form, responseType: helping ? 'offer_help' : 'claim_item', ...to });
      setForm(EMPTY);
      showToast({ title: t(helping ? 'help.responseSent' : 'help.messageSent'), description: t('help.sentText'), variant: 'success' });
      onSent();
    } catch (error) {
      const text = failureText(error, t);
      setProblem(text);
      showToast({ title: t(helping ? 'help.errorResponse' : 'help.errorMessage'), description: text, variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    'aria-required': true,
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="form-grid" {...postedForm(spec)} onSubmit={submit} noValidate>
      <FormKeys spec={spec} lang={lang} />
      <input type="hidden" {...('requestId' in to ? { name: 'requestId', value: to.requestId } : { name: 'offerId', value: to.offerId })} />
      <div className="field">
        <label htmlFor={`${id}-responderName`}>{t('help.yourName')}</label>
        <input {...field('responderName')} autoComplete="given-name" maxLength={LIMITS.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-responderContact`}>{t('help.yourContact')}</label>
        <input {...field('responderContact')} autoComplete="off" maxLength={LIMITS.contact} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('help.message')}</label>
        <textarea {...field('message')} maxLength={LIMITS.description} />
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? t('help.submitting') : t(helping ? 'help.sendOffer' : 'help.sendMessage')}
      </button>
    </form>
  );
}
