/** Community alerts: the inline form, the submit page and the enforcement report (text alerts: ./text-alerts.ts). */
import { ENFORCEMENT_ACTIVITIES, ENFORCEMENT_TYPE, INLINE_ALERT_TYPES, LIMITS, PRECISIONS, SUBMIT_ALERT_TYPES } from '../contract/limits.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS } from '../i18n/values.ts';
import { area, choice, text, type FieldSpec, type FormSpec, type Notice } from './kit.ts';

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

// Pure: a page that imports one of these forms does not carry the others.
export const ALERT_FORM = /* @__PURE__ */ alertSpec('alert');

export const SUBMIT_ALERT_FORM = /* @__PURE__ */ alertSpec('submitAlert');

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
