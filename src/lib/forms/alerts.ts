/** Community alerts: the inline form, the submit page, the enforcement report, and text-alert subscriptions. */
import { ENFORCEMENT_ACTIVITIES, ENFORCEMENT_TYPE, INLINE_ALERT_TYPES, LIMITS, PRECISIONS, SUBMIT_ALERT_TYPES } from '../../contract/limits.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS } from '../../i18n/values.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { area, choice, text, type FieldSpec, type FormSpec, type Notice } from '../forms.ts';

const alertTypeLabel = (value: string) => ALERT_TYPE_KEYS[value as keyof typeof ALERT_TYPE_KEYS];
const precision: FieldSpec = {
  name: 'precision',
  label: 'alerts.precision',
  kind: 'radio',
  options: PRECISIONS,
  optionLabel: (value) => (value === 'BROAD' ? 'alerts.precisionBroad' : 'alerts.precisionPrecise'),
  initial: 'BROAD',
};

const ALERTS_REQUIRED: Notice = { title: 'alerts.requiredTitle', text: 'alerts.requiredText' };
const ALERT_REFUSALS = {
  409: { title: 'alerts.duplicateTitle', text: 'alerts.duplicateText' },
  429: { title: 'alerts.rateLimitedTitle', text: 'alerts.rateLimitedText' },
} satisfies FormSpec['refusals'];
const ICE_REQUIRED: Notice = { title: 'ice.requiredTitle', text: 'ice.requiredText' };

/** A community alert: the inline form on /alerts (three types), or /submit-alert (every type, a contact). */
function alertSpec(id: 'alert' | 'submitAlert') {
  const submitPage = id === 'submitAlert';
  return {
    id,
    action: '/api/alerts',
    fields: [
      { ...choice('type', 'alerts.type', submitPage ? SUBMIT_ALERT_TYPES : INLINE_ALERT_TYPES, alertTypeLabel), initial: 'Community Notice' },
      precision,
      { ...text('city', 'alerts.city', LIMITS.city, ALERTS_REQUIRED), kind: 'place' },
      text('area', 'alerts.area', LIMITS.city),
      area('details', 'alerts.details', LIMITS.description, submitPage ? { title: 'submitAlert.detailsRequiredTitle', text: 'submitAlert.detailsRequiredText' } : ALERTS_REQUIRED),
      { name: 'alertTime', label: 'alerts.alertTime', kind: 'datetime' },
      ...(submitPage ? [text('contact', 'alerts.contact', LIMITS.contact)] : []),
    ],
    submit: submitPage ? 'submitAlert.submit' : 'alerts.submit',
    pending: submitPage ? 'submitAlert.submitting' : 'alerts.submitting',
    success: { title: submitPage ? 'submitAlert.success' : 'alerts.success' },
    failure: { title: submitPage ? 'submitAlert.errorTitle' : 'alerts.errorTitle', text: 'alerts.errorText' },
    refusals: ALERT_REFUSALS,
    back: '/alerts',
  } satisfies FormSpec;
}

export const ALERT_FORM = alertSpec('alert');

export const SUBMIT_ALERT_FORM = alertSpec('submitAlert');

export const ICE_REPORT_FORM = {
  id: 'iceReport',
  action: '/api/alerts',
  fixed: { type: ENFORCEMENT_TYPE },
  fields: [
    { ...choice('activity', 'ice.activity', ENFORCEMENT_ACTIVITIES, (value) => ACTIVITY_KEYS[value]!, ICE_REQUIRED), prompt: 'ice.choose' },
    area('details', 'ice.description', LIMITS.description, ICE_REQUIRED),
    { name: 'agents', label: 'ice.agents', kind: 'number' },
    { name: 'vehicles', label: 'ice.vehicles', kind: 'number' },
    text('markings', 'ice.markings', LIMITS.markings),
    { ...text('city', 'ice.city', LIMITS.city, ICE_REQUIRED), kind: 'place' },
    text('area', 'ice.area', LIMITS.city),
    precision,
  ],
  submit: 'ice.submit',
  pending: 'ice.submitting',
  success: { title: 'ice.success' },
  failure: { title: 'ice.errorTitle', text: 'alerts.errorText' },
  refusals: ALERT_REFUSALS,
  back: '/ice-reports',
} as const satisfies FormSpec;

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

/** Text alerts, first step: a code is texted to the number, to enter in SUBSCRIPTION_CODE_FORM. */
export const SUBSCRIPTION_FORM = {
  id: 'subscription',
  action: '/api/alert-subscriptions',
  sendsLang: true,
  fields: [PHONE, { ...text('city', 'alertsLive.city', LIMITS.city), kind: 'place' }],
  submit: 'alertsLive.subscribe',
  pending: 'alertsLive.subscribing',
  success: { title: 'alertsLive.codeSent', text: 'alertsLive.codeSentText' },
  failure: { title: 'alertsLive.subscribeError', text: 'alertsLive.subscribeErrorText' },
  refusals: CODE_REFUSALS,
  back: '/alerts-live',
  next: SUBSCRIPTION_CODE_FORM,
} as const satisfies FormSpec;

/** Stopping them from the web: the same form's other button, which texts a code for STOP_CODE_FORM. */
export const STOP_FORM = {
  id: 'textStop',
  action: '/api/alert-subscriptions/stop',
  sendsLang: true,
  fields: [PHONE],
  submit: 'alertsLive.unsubscribe',
  pending: 'alertsLive.unsubscribing',
  success: { title: 'alertsLive.codeSent', text: 'alertsLive.stopCodeSentText' },
  failure: { title: 'alertsLive.subscribeError', text: 'alertsLive.subscribeErrorText' },
  refusals: CODE_REFUSALS,
  back: '/alerts-live',
  next: STOP_CODE_FORM,
} as const satisfies FormSpec;
