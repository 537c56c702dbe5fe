import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { call } from '../../client/api.ts';
import { CLAIM_ITEM_FORM, OFFER_HELP_FORM } from '../../common/forms/help.ts';
import { FormKeys, FormProblem, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';

type T = (key: MessageKey, vars?: Vars) => string;
const text = (values: Values, name: string) => String(values[name] ?? '');

/**
 * Offer Help (to a request) or Contact Owner (of an offer): name, contact and message, all
 * required after trimming. Keeps what was typed when sending fails.
 */
export function ResponseForm({ to, lang, t, onSent }: { to: { requestId: string } | { offerId: string }; lang: Lang; t: T; onSent: () => void }) {
  const helping = 'requestId' in to;
  const spec = helping ? OFFER_HELP_FORM : CLAIM_ITEM_FORM;
  const { form, row, submitLabel, pending, problem } = useForm({
    spec,
    t,
    inline: true,
    send: (values) =>
      call('POST /api/assistance-responses', {
        responderName: text(values, 'responderName'),
        responderContact: text(values, 'responderContact'),
        message: text(values, 'message'),
        responseType: helping ? 'offer_help' : 'claim_item',
        ...to,
      }),
    sent: () => onSent(),
  });

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      <input type="hidden" {...('requestId' in to ? { name: 'requestId', value: to.requestId } : { name: 'offerId', value: to.offerId })} />
      {row('responderName', { autoComplete: 'given-name' })}
      {row('responderContact', { autoComplete: 'off' })}
      {row('message')}
      <FormProblem problem={problem} />
      <button className="button" type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
