import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { call } from '../../client/api.ts';
import { JOB_FORM } from '../../common/forms/posts.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';

const SPEC = JOB_FORM;
const text = (values: Values, name: string) => String(values[name] ?? '');

/**
 * /submit-job: a job for the board. It waits for an admin's approval, so nothing appears on
 * /jobs yet. Keeps what was typed when the server refuses; a success clears the form.
 */
export default function SubmitJob({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const { form, row, checkbox, submitLabel, pending } = useForm({
    spec: SPEC,
    t,
    send: (values) =>
      call('POST /api/jobs', {
        title: text(values, 'title'),
        employer: text(values, 'employer'),
        city: text(values, 'city'),
        payRange: text(values, 'payRange'),
        notes: text(values, 'notes'),
        contact: text(values, 'contact'),
        acceptsNoPapers: values.acceptsNoPapers === true,
      }),
  });

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={SPEC} lang={lang} />
      {row('title', { dir: 'auto', autoComplete: 'off' })}
      {row('employer', { dir: 'auto', autoComplete: 'organization' })}
      {row('city', { dir: 'auto', autoComplete: 'address-level2' })}
      {row('payRange', { dir: 'auto', autoComplete: 'off', hint: t('submitJob.payHint') })}
      {row('notes', { dir: 'auto' })}
      {row('contact', { dir: 'auto', autoComplete: 'off', hint: t('submitJob.contactHint') })}
      <label className="choice-option">
        <input {...checkbox('acceptsNoPapers')} />
        {t('submitJob.noPapers')}
      </label>
      <button className="button" type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
