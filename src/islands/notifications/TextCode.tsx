import { useEffect } from 'react';
import type { Lang } from '../../common/i18n/languages.ts';
import type { messageFn } from '../../common/i18n/messages.ts';
import { call } from '../../client/api.ts';
import { STOP_CODE_FORM, SUBSCRIPTION_CODE_FORM } from '../../common/forms/text-alerts.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import { isolate } from '../../common/format.ts';

type T = ReturnType<typeof messageFn>;

/**
 * The second step of starting or stopping a number's text alerts: the code texted to `phone`,
 * entered (the phone offers it from the text). The form's toast says what it did; `done` follows
 * with the server's answer, and `back` returns to the number (another one, or a new code).
 */
export function TextCodeForm({
  t,
  lang,
  phone,
  purpose,
  done,
  back,
}: {
  t: T;
  lang: Lang;
  phone: string;
  purpose: 'start' | 'stop';
  done: (answer: { phone: string; city?: string | null }) => void;
  back: () => void;
}) {
  const spec = purpose === 'start' ? SUBSCRIPTION_CODE_FORM : STOP_CODE_FORM;
  const { form, row, submitLabel, pending } = useForm({
    spec,
    t,
    initial: () => ({ phone }),
    send: (values) =>
      purpose === 'start'
        ? call('POST /api/alert-subscriptions/confirm', { phone, code: String(values.code) })
        : call('POST /api/alert-subscriptions/stop/confirm', { phone, code: String(values.code) }),
    sent: (answer) => {
      done(answer);
      return { description: t(purpose === 'start' ? 'alertsLive.subscribedText' : 'alertsLive.unsubscribedText', { phone: isolate(answer.phone) }) };
    },
  });
  // The field appeared where the number was: the focus goes to it, so a screen reader hears it.
  useEffect(() => form.ref.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus(), []);

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      <input type="hidden" name="phone" value={phone} />
      {row('code', { inputMode: 'numeric', autoComplete: 'one-time-code', dir: 'ltr' })}
      <button className="button" type="submit" disabled={pending}>
        {submitLabel}
      </button>
      <button className="link-button" type="button" disabled={pending} onClick={back}>
        {t('alertsLive.restart')}
      </button>
    </form>
  );
}
