/**
 * Text alerts: the sign-up and the stop, each texting a code to the number, and the code entered.
 * Apart from the alert forms, so the boards that post alerts do not carry them.
 */
import { LIMITS } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { text, type FieldSpec, type FormSpec, type Notice } from './kit.ts';

const PHONE: FieldSpec = { ...text('phone', 'alertsLive.phone', LIMITS.phone, { title: 'alertsLive.phoneRequired' }), kind: 'tel' };
const CODE_REFUSALS = { 429: { title: 'alertsLive.codesLimited', text: 'alertsLive.codesLimitedText' } } satisfies FormSpec['refusals'];

/** The code texted to a number, entered: the number (from the step before) stays hidden. */
const codeSpec = (id: string, action: string, submit: MessageKey, pending: MessageKey, success: Notice) =>
  ({
    id,
    action,
    fields: [
      { name: 'phone', label: 'alertsLive.phone', kind: 'hidden' },
      { ...text('code', 'alertsLive.code', 20, { title: 'alertsLive.codeRequired' }), kind: 'code' },
    ],
    submit,
    pending,
    success,
    failure: { title: 'alertsLive.codeError', text: 'alertsLive.codeErrorText' },
    refusals: CODE_REFUSALS,
    back: '/alerts-live',
  }) satisfies FormSpec;

/** The code that starts a number's text alerts. */
export const SUBSCRIPTION_CODE_FORM = codeSpec('subscriptionCode', '/api/alert-subscriptions/confirm', 'alertsLive.confirm', 'alertsLive.confirming', {
  title: 'alertsLive.subscribed',
  text: 'alertsLive.subscribedText',
});

/** The code that stops them. */
export const STOP_CODE_FORM = codeSpec('textStopCode', '/api/alert-subscriptions/stop/confirm', 'alertsLive.unsubscribe', 'alertsLive.unsubscribing', {
  title: 'alertsLive.unsubscribed',
  text: 'alertsLive.unsubscribedText',
});

/** What both first steps share: each texts a code (in the page's language), fails and is refused alike, and leads back to the page. */
const TEXTS_A_CODE = {
  sendsLang: true,
  failure: { title: 'alertsLive.subscribeError', text: 'alertsLive.subscribeErrorText' },
  refusals: CODE_REFUSALS,
  back: '/alerts-live',
} as const;

/** Text alerts, first step: a code is texted to the number, to enter in SUBSCRIPTION_CODE_FORM. */
export const SUBSCRIPTION_FORM = {
  id: 'subscription',
  action: '/api/alert-subscriptions',
  ...TEXTS_A_CODE,
  fields: [PHONE, { ...text('city', 'alertsLive.city', LIMITS.city), kind: 'place' }, { name: 'updates', label: 'alertsLive.updates', kind: 'checkbox' }],
  submit: 'alertsLive.subscribe',
  pending: 'alertsLive.subscribing',
  success: { title: 'alertsLive.codeSent', text: 'alertsLive.codeSentText' },
  next: SUBSCRIPTION_CODE_FORM,
} as const satisfies FormSpec;

/** Stopping them from the web: the same form's other button, which texts a code for STOP_CODE_FORM. */
export const STOP_FORM = {
  id: 'textStop',
  action: '/api/alert-subscriptions/stop',
  ...TEXTS_A_CODE,
  fields: [PHONE],
  submit: 'alertsLive.unsubscribe',
  pending: 'alertsLive.unsubscribing',
  success: { title: 'alertsLive.codeSent', text: 'alertsLive.stopCodeSentText' },
  next: STOP_CODE_FORM,
} as const satisfies FormSpec;
